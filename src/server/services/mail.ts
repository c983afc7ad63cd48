// E-mail goes through a provider chosen by MAIL_PROVIDER, as SMS does (sms.ts). 'console' logs and
// keeps a development outbox (served to this machine only at GET {API}/dev/mail-outbox/{address});
// 'smtp' sends through nodemailer. Production refuses 'console' (env.ts).
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** The link the message asks its reader to open (an address's confirmation), also in its text: the console provider logs it, as the SMS one logs a code. */
  link?: string;
}
export interface MailOutboxEntry extends MailMessage {
  sentAt: string;
}

export interface MailProvider {
  readonly name: 'console' | 'smtp';
  send(message: MailMessage): Promise<void>;
  /** Only the console provider has an outbox. */
  outbox?(to: string): MailOutboxEntry[];
  close?(): void;
}

const OUTBOX_LIMIT_PER_ADDRESS = 50;

export function createConsoleMailProvider(log: (line: string) => void = console.log): MailProvider {
  const outbox = new Map<string, MailOutboxEntry[]>();
  return {
    name: 'console',
    async send(message) {
      const to = message.to.toLowerCase();
      log(`[mail:console] to ${to}: ${message.subject}${message.link ? ` ${message.link}` : ''}`);
      const list = outbox.get(to) ?? [];
      list.unshift({ ...message, sentAt: new Date().toISOString() });
      outbox.set(to, list.slice(0, OUTBOX_LIMIT_PER_ADDRESS));
    },
    outbox: (to) => outbox.get(to.toLowerCase()) ?? [],
  };
}

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  /** Only for tests against a local server with a self-signed certificate. */
  rejectUnauthorized?: boolean;
}

export function createSmtpMailProvider(settings: SmtpSettings): MailProvider {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    tls: settings.rejectUnauthorized === false ? { rejectUnauthorized: false } : undefined,
  });
  return {
    name: 'smtp',
    async send({ to, subject, text, html, headers }) {
      await transport.sendMail({ from: settings.from, to, subject, text, html, headers });
    },
    close: () => transport.close(),
  };
}

/** What sends e-mail and where its links point. */
export interface MailDeps {
  provider: MailProvider;
  /** The site's public URL (SITE_URL, no trailing /), for links to pages. */
  siteUrl: string;
  /** The API's public URL (SITE_URL + API_BASE), for the links the API answers itself. */
  apiUrl: string;
}

/** The settings mailFromEnv reads, as env.ts checked them: the caller passes its ServerEnv, services do not import it. */
export interface MailEnv {
  MAIL_PROVIDER: 'console' | 'smtp';
  MAIL_FROM: string;
  SMTP_HOST?: string;
  SMTP_PORT: number;
  SMTP_SECURE: boolean;
  SMTP_USER?: string;
  SMTP_PASSWORD?: string;
  SITE_URL: string;
  API_BASE: string;
}

/** The provider MAIL_PROVIDER names (env.ts has checked its settings) and the links' base URLs. */
export function mailFromEnv(env: MailEnv, log: (line: string) => void = console.log): MailDeps {
  const siteUrl = env.SITE_URL.replace(/\/$/, '');
  return {
    provider:
      env.MAIL_PROVIDER === 'smtp'
        ? createSmtpMailProvider({
            host: env.SMTP_HOST!,
            port: env.SMTP_PORT,
            secure: env.SMTP_SECURE,
            user: env.SMTP_USER,
            password: env.SMTP_PASSWORD,
            from: env.MAIL_FROM,
          })
        : createConsoleMailProvider(log),
    siteUrl,
    apiUrl: siteUrl + env.API_BASE,
  };
}
