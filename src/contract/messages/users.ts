/** Labels, headings, buttons and hints of the user screens (accounts, outbox). */
export const USERS_TEXT = {
  sent: 'Wysłano',
  body: 'Treść',
  user: 'Użytkownik',
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
} as const
