// SMS goes through a provider chosen by SMS_PROVIDER. 'console' logs and keeps a development
// outbox (served at GET {API}/dev/sms-outbox/{mobileNo}); 'http' posts to a gateway.
/** code: the one-time code a message carries, if it carries one. */
export interface SmsMessage {
  mobileNo: string;
  message: string;
  code?: string;
}
export interface OutboxEntry extends SmsMessage {
  sentAt: string;
}

export interface SmsProvider {
  readonly name: 'console' | 'http';
  send(message: SmsMessage): Promise<void>;
  /** Only the console provider has an outbox. */
  outbox?(mobileNo: string): OutboxEntry[];
}

const OUTBOX_LIMIT_PER_NUMBER = 50;

export function createConsoleSmsProvider(log: (line: string) => void = console.log): SmsProvider {
  const outbox = new Map<string, OutboxEntry[]>();
  return {
    name: 'console',
    async send(message) {
      log(`[sms:console] to +94${message.mobileNo}: ${message.message}`);
      const list = outbox.get(message.mobileNo) ?? [];
      list.unshift({ ...message, sentAt: new Date().toISOString() });
      outbox.set(message.mobileNo, list.slice(0, OUTBOX_LIMIT_PER_NUMBER));
    },
    outbox: (mobileNo) => outbox.get(mobileNo) ?? [],
  };
}

export function createHttpSmsProvider(url: string, token?: string): SmsProvider {
  return {
    name: 'http',
    async send({ mobileNo, message }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: `+94${mobileNo}`, message }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
