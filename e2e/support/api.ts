// Setting the stage for a journey through the storefront's documented REST paths (SPEC.md §7) and
// the Auth emulator's REST API, as a person's browser would: accounts, parts, orders, payments.
// Everything a journey creates here is tracked by `stage()` and removed after its file.
import { afterAll, inject } from 'vitest';

export const DEMO_ADMIN = { email: 'admin@example.com', password: 'sprocket123' } as const;
export const PASSWORD = 'journey-secret-1';

export interface Account {
  email: string;
  password: string;
  name: string;
  /** The storefront's session token (what the browser keeps as accessToken). */
  token: string;
}

export interface Part {
  _id: string;
  name: string;
  price: number;
  minimumOrderQuantity: number;
  available: number;
  description: string;
  img: string;
}

export interface Order {
  _id: string;
  orderNumber: number;
  toolsName: string;
  personName: string;
  email: string;
  amount: number;
  price: number;
  status: string;
  transaction: string | null;
}

let counter = 0;

/** A short id unique to this run, for emails and part names nobody else uses. */
export function uniqueId(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

export function uniqueEmail(label: string): string {
  return `${label}-${uniqueId()}@example.com`;
}

async function call<T>(method: string, url: string, { token, body }: { token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const server = (path: string) => `${inject('baseUrl')}${path}`;

/** Every listed account (GET /user answers a page at a time, the next one named by x-next-cursor). */
async function allUsers(token: string): Promise<Array<{ _id: string; email: string }>> {
  const users: Array<{ _id: string; email: string }> = [];
  for (let cursor: string | null = ''; cursor !== null;) {
    const response: Response = await fetch(server(`/user?limit=100${cursor ? `&cursor=${cursor}` : ''}`), {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`GET /user answered ${response.status}: ${await response.text()}`);
    users.push(...((await response.json()) as Array<{ _id: string; email: string }>));
    cursor = response.headers.get('x-next-cursor');
  }
  return users;
}
const identity = (path: string) => `${inject('authEmulatorUrl')}/identitytoolkit.googleapis.com/v1/${path}?key=any`;

/** Exchanges a fresh emulator ID token for the storefront's session token (PUT /user/{email}). */
async function openSession(email: string, idToken: string): Promise<string> {
  const { token } = await call<{ token: string }>('PUT', server(`/user/${encodeURIComponent(email)}`), {
    token: idToken,
    body: { email },
  });
  return token;
}

export async function signInThroughApi(email: string, password: string): Promise<string> {
  const { idToken } = await call<{ idToken: string }>('POST', identity('accounts:signInWithPassword'), {
    body: { email, password, returnSecureToken: true },
  });
  return openSession(email, idToken);
}

/** The Firebase project the storefront's Auth emulator runs (GET /config.json). */
export async function identityProjectId(): Promise<string> {
  const config = await call<{ firebase: { projectId: string } }>('GET', server('/config.json'));
  return config.firebase.projectId;
}

interface SentCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/**
 * The last verification link the Auth emulator has "sent" to an address (its stand-in for an
 * outbox): the staging of a verified customer, quicker than the shop's own email.
 */
async function verificationLinkFor(email: string): Promise<string | undefined> {
  const projectId = await identityProjectId();
  const { oobCodes } = await call<{ oobCodes: SentCode[] }>(
    'GET',
    `${inject('authEmulatorUrl')}/emulator/v1/projects/${projectId}/oobCodes`,
  );
  return oobCodes.filter((code) => code.email === email.toLowerCase() && code.requestType === 'VERIFY_EMAIL').at(-1)?.oobLink;
}

/** Verifies an account's email the way its owner would: asks for the link and opens it. */
async function verifyEmail(email: string, idToken: string): Promise<void> {
  await call('POST', identity('accounts:sendOobCode'), { body: { requestType: 'VERIFY_EMAIL', idToken } });
  const link = await verificationLinkFor(email);
  if (!link) throw new Error(`the Auth emulator sent no verification link to ${email}`);
  const opened = await fetch(link);
  if (!opened.ok) throw new Error(`opening the verification link answered ${opened.status}`);
}

/** Where the payments emulator takes card confirmations, and its publishable key (GET /config.json). */
async function paymentsEndpoint(): Promise<{ apiBase: string; publishableKey: string }> {
  const config = await call<{ payments: { publishableKey: string; apiBase?: string } }>('GET', server('/config.json'));
  return { apiBase: config.payments.apiBase ?? inject('paymentsApiBase'), publishableKey: config.payments.publishableKey };
}

/**
 * The journey's stage hands: makes accounts, parts and orders, and after the file removes the
 * parts and accounts it made (with them their unpaid orders), so no other journey sees them.
 */
export function stage() {
  const partIds: string[] = [];
  const partNames: string[] = [];
  const emails: string[] = [];
  let adminToken: Promise<string> | null = null;

  const adminSession = () => (adminToken ??= signInThroughApi(DEMO_ADMIN.email, DEMO_ADMIN.password));

  afterAll(async () => {
    if (partIds.length === 0 && partNames.length === 0 && emails.length === 0) return;
    const token = await adminSession();
    if (partNames.length > 0) {
      const listed = await call<Part[]>('GET', server('/tools?limit=100'));
      partIds.push(...listed.filter((part) => partNames.includes(part.name)).map((part) => part._id));
    }
    const users = await allUsers(token);
    for (const user of users.filter((candidate) => emails.includes(candidate.email))) {
      await call('DELETE', server(`/user?amount=${user._id}`), { token });
    }
    for (const id of partIds) {
      await call('DELETE', server(`/deleted?amount=${id}`), { token }).catch(() => undefined); // a journey may have deleted it
    }
  });

  return {
    /** Remembers an account made in the browser, so it is removed after the file. */
    forget(email: string): void {
      emails.push(email.toLowerCase());
    },

    /** Remembers a part added in the browser, so it is removed after the file if it is still listed. */
    forgetPart(name: string): void {
      partNames.push(name);
    },

    /**
     * A customer account with a session, made as the browser's sign-up would, its email verified
     * through the emulator's link (so an admin may promote it) unless told otherwise.
     */
    async customer(label = 'customer', { verified = true }: { verified?: boolean } = {}): Promise<Account> {
      const email = uniqueEmail(label);
      const name = `${label[0]?.toUpperCase()}${label.slice(1)} ${uniqueId().slice(-5)}`;
      const { idToken } = await call<{ idToken: string }>('POST', identity('accounts:signUp'), {
        body: { email, password: PASSWORD, displayName: name, returnSecureToken: true },
      });
      emails.push(email);
      if (!verified) return { email, password: PASSWORD, name, token: await openSession(email, idToken) };
      await verifyEmail(email, idToken);
      return { email, password: PASSWORD, name, token: await signInThroughApi(email, PASSWORD) };
    },

    /** A customer made admin by admin@example.com (PUT /user/admin/{email}). */
    async admin(label = 'admin'): Promise<Account> {
      const account = await this.customer(label);
      await call('PUT', server(`/user/admin/${encodeURIComponent(account.email)}`), { token: await adminSession() });
      return account;
    },

    async removeAccount(email: string): Promise<void> {
      const token = await adminSession();
      const users = await allUsers(token);
      const user = users.find((candidate) => candidate.email === email.toLowerCase());
      if (!user) throw new Error(`no account ${email} to remove`);
      await call('DELETE', server(`/user?amount=${user._id}`), { token });
    },

    /** A part only this journey books, so its stock figures are exact. */
    async part(fields: Partial<Omit<Part, '_id'>> = {}): Promise<Part> {
      const part = await call<Part>('POST', server('/tools'), {
        token: await adminSession(),
        body: {
          name: `Journey Sprocket ${uniqueId()}`,
          price: 12.5,
          img: '/images/parts/handlebars.svg',
          description: 'A hardened steel single-speed sprocket cut for this journey only, with ramped teeth and a nickel finish.',
          minimumOrderQuantity: 3,
          available: 20,
          ...fields,
        },
      });
      partIds.push(part._id);
      return part;
    },

    /** A part of this journey in the demo category with this slug. */
    async partIn(slug: string, fields: Partial<Omit<Part, '_id'>> = {}): Promise<Part> {
      type Node = { id: string; slug: string; children: Node[] };
      const { result } = await call<{ result: { data: Node[] } }>('GET', server('/trpc/categories.tree?input=%7B%7D'));
      const all = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...all(node.children)]);
      const category = all(result.data).find((node) => node.slug === slug);
      if (!category) throw new Error(`no category ${slug} in the demo tree`);
      return this.part({ ...fields, categoryId: category.id } as Partial<Omit<Part, '_id'>>);
    },

    /** Books a part as the customer would from the booking modal (POST /booking). */
    async book(account: Account, part: Part, amount: number): Promise<Order> {
      return call<Order>('POST', server('/booking'), {
        token: account.token,
        body: { toolsId: part._id, phone: '+1 555 0100', address: '1 Crank Street, Velo City', amount },
      });
    },

    /** Pays an order with the 4242 test card, as the payment page does; returns the paid order. */
    async pay(account: Account, order: Order): Promise<Order> {
      const { clientSecret } = await call<{ clientSecret: string }>('POST', server('/create-payment-intent'), {
        token: account.token,
        body: { bookingId: order._id, price: order.price },
      });
      const intentId = clientSecret.split('_secret_')[0] ?? '';
      const { apiBase, publishableKey } = await paymentsEndpoint();
      const confirmed = await fetch(`${apiBase}/v1/payment_intents/${intentId}/confirm`, {
        method: 'POST',
        headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': '4242424242424242',
          'payment_method_data[card][exp_month]': '12',
          'payment_method_data[card][exp_year]': '2034',
          'payment_method_data[card][cvc]': '123',
        }),
      });
      if (!confirmed.ok) throw new Error(`the payments emulator refused the card: ${await confirmed.text()}`);
      return call<Order>('PATCH', server(`/booking/${order._id}`), {
        token: account.token,
        body: { order, transactionId: intentId },
      });
    },

    /** Posts a review as the Add A Review form does (tRPC reviews.create), about a part if given. */
    async review(account: Account, review: { rating: number; text: string; toolsId?: string }): Promise<void> {
      await call('POST', server('/trpc/reviews.create'), { token: account.token, body: review });
    },

    /** Retires a part as Manage products does (DELETE /deleted?amount={id}). */
    async retire(part: Part): Promise<void> {
      await call('DELETE', server(`/deleted?amount=${part._id}`), { token: await adminSession() });
    },

    async reviewCount(): Promise<number> {
      const response = await fetch(server('/review?limit=1'));
      if (!response.ok) throw new Error(`GET /review answered ${response.status}`);
      return Number(response.headers.get('x-total-count'));
    },
  };
}

export type Stage = ReturnType<typeof stage>;
