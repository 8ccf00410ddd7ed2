/** Outgoing e-mail: what the new-user form and the admin's outbox view say. */
export const MAIL_MSG = {
  /** Under the new-user form. */
  newUserHint: 'Hasło zostanie wygenerowane i wysłane e-mailem na podany adres razem z linkiem potwierdzającym adres.',
  passwordMailed: (email: string) => `Użytkownik został utworzony. Hasło wysłano e-mailem na adres ${email}.`,
  passwordInOutbox: (email: string) =>
    `Użytkownik został utworzony. Wysyłka poczty nie jest skonfigurowana (brak SMTP): wiadomość z hasłem dla ${email} czeka w „Poczta wychodząca”.`,
  outboxTitle: 'Poczta wychodząca',
  outboxSmtp: 'Poczta jest wysyłana przez serwer SMTP; wiadomości niewysłane są ponawiane.',
  outboxNoSmtp: 'Wysyłka poczty nie jest skonfigurowana (brak SMTP_URL): wiadomości czekają tutaj i nie docierają do adresatów.',
  outboxEmpty: 'Brak wiadomości',
  notSent: 'czeka',
} as const
