// The dashboard's own texts, loaded with it (docs/architecture.md#tests-and-targets: 150 KB of gzipped JavaScript).
export const DASHBOARD_TEXT = {
  // Until a mail server is set up (docs/shop-rules.md#forgotten-passwords).
  mailWarning:
    'E-mail is not set up: customers who forget their password get no reset link. Set SMTP_URL and MAIL_FROM to e-mail them; until then each link is written to the server log.',
} as const;
