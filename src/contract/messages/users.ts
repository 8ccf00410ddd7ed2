/** Labels, headings, buttons and hints of the user screens (accounts, outbox). */
import { CLIENT_MSG } from './clients.ts'

export const USERS_TEXT = {
  blockedSince: 'zablokowany:',
  atWorkstation: 'stanowisko',
  body: 'Treść',
  backToList: 'Wróć do listy użytkowników',
  newUser: 'Nowy użytkownik',
  clientAccount: 'To jest konto klienta; jego rolę i dane zmienia się na karcie klienta.',
  loginsAndSessions: 'Logowanie i sesje',
  users: 'Użytkownicy',
  userList: 'Lista użytkowników',
  deletedBlocked: 'Usunięci (zablokowani)',
  addUser: 'Dodaj użytkownika',
  emailOrId: 'E-mail lub ID',
  noBlocked: 'Brak zablokowanych użytkowników',
  userNumber: (id: number | null) => `Użytkownik #${id}`,
  recipient: 'Adresat',
  subject: 'Temat',
  hide: 'Ukryj',
  blocked: 'Zablokowany',
  active: 'Aktywny',
  emailConfirmedLabel: 'E-mail potwierdzony:',
  role: 'Rola',
  administrator: 'Administrator',
  warehouseman: 'Magazynier',
  dashboard: 'Pulpit',
  signedInAs: 'Zalogowano jako',
} as const

/** Texts of the message keys the spec names, by key: the server's reply `message` and the toasts' keys. */
export const USERS_KEY_TEXT = {
  user_created: 'Użytkownik został utworzony',
  user_saved: CLIENT_MSG.clientSaved,
  user_blocked_done: 'Użytkownik został zablokowany',
  user_unblocked_done: 'Użytkownik został odblokowany',
} as const
