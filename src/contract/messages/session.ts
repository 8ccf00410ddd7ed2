/** Texts of the sign-in pages: login, password recovery, the e-mail check, the password change and the modernization notice. */
import { UI_TEXT } from './ui.ts'

export const AUTH_TEXT = {
  loginTitle: 'Logowanie',
  email: 'E-mail',
  password: 'Hasło',
  signingIn: 'Logowanie…',
  signIn: 'Zaloguj',
  forgotPassword: 'Nie pamiętasz hasła?',
  tracking: 'Śledzenie przesyłki',
  noticeLink: 'Komunikat o modernizacji systemu',
  noticeTitle: 'Modernizacja systemu',
  close: UI_TEXT.close,
  noticeContact: 'W pilnych sprawach prosimy o kontakt:',
  recoverTitle: 'Odzyskiwanie hasła',
  recoverHint: 'Podaj adres e-mail konta. Wyślemy na niego link, po którego otwarciu otrzymasz nowe hasło.',
  send: 'Wyślij',
  sending: 'Wysyłanie…',
  loginPage: 'Strona logowania',
  toLogin: 'Przejdź do logowania',
  changeTitle: 'Zmiana hasła',
  currentPassword: 'Obecne hasło',
  newPassword: 'Nowe hasło',
  repeatPassword: 'Powtórz hasło',
  changePassword: 'Zmień hasło',
  /** The downtime sentence of the modernization notice, in the tense of its phase, with the first and last day. */
  notice: (phase: 'upcoming' | 'ongoing', from: string, to: string) =>
    `Informujemy, że od ${from} do ${to} ${phase === 'upcoming' ? 'planowana jest' : 'trwa'} modernizacja systemu i mogą wystąpić przerwy w jego działaniu.`,
  emailCheck: 'Potwierdzenie adresu e-mail',
  checkingLink: 'Sprawdzanie linku…',
} as const

/** Texts of the message keys the spec names, by key: the server's reply `message` and the toasts' keys. */
export const SESSION_KEY_TEXT = {
  login_error: 'Nieprawidłowy adres e-mail lub hasło',
  user_blocked: 'Konto jest zablokowane. Skontaktuj się z administratorem.',
  auto_logout: 'Zostałeś wylogowany. Zaloguj się ponownie.',
  logged_out: 'Wylogowano',
  password_changed: 'Hasło zostało zmienione',
  password_recover_email_sent: 'Jeśli konto istnieje, wysłaliśmy na podany adres e-mail link do odzyskania hasła',
  mail_valid: 'Adres e-mail został potwierdzony',
  mail_invalid: 'Link jest nieprawidłowy lub wygasł',
} as const
