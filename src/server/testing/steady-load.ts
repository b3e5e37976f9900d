// Test support: a steady load of reads (GET /tools) and bookings (POST /booking, one unit each)
// against one address, as customers browsing and booking make it, recording every answer until it
// is stopped. Each client sends its next request when the last is answered, over keep-alive.

export interface LoadAnswer {
  method: 'GET' | 'POST';
  /** The HTTP status; null when the connection failed without one. */
  status: number | null;
  /** The booking's id, when one was acknowledged. */
  bookingId?: string;
}

export interface SteadyLoad {
  /** How many requests have been answered (or failed) so far. */
  answered: () => number;
  /** How many bookings are waiting for their answer right now. */
  bookingsInFlight: () => number;
  /** Lets each client finish its request in flight, then resolves with every answer. */
  stop: () => Promise<LoadAnswer[]>;
}

export interface LoadSpec {
  /** How many clients read the catalogue, one request at a time each. */
  readers: number;
  /** How many clients book, one request at a time each. */
  bookers: number;
  /** Customers' session tokens, each booking made with the next (a customer may hold only so many). */
  bookerTokens: string[];
  /** Parts with stock enough for every booking, each booking for the next. */
  toolIds: string[];
}

export function startSteadyLoad(baseUrl: string, spec: LoadSpec): SteadyLoad {
  const answers: LoadAnswer[] = [];
  let running = true;
  let bookingsInFlight = 0;
  let turn = 0;

  const read = async (): Promise<LoadAnswer> => {
    const response = await fetch(`${baseUrl}/tools`);
    await response.arrayBuffer();
    return { method: 'GET', status: response.status };
  };
  const book = async (): Promise<LoadAnswer> => {
    const index = turn++;
    const token = spec.bookerTokens[index % spec.bookerTokens.length] ?? '';
    const toolsId = spec.toolIds[index % spec.toolIds.length] ?? '';
    const response = await fetch(`${baseUrl}/booking`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ toolsId, amount: 1, phone: '+1 555 0100', address: '1 Chainring Road, Portland' }),
    });
    const text = await response.text();
    const bookingId = response.ok ? (JSON.parse(text) as { _id?: string })._id : undefined;
    return { method: 'POST', status: response.status, ...(bookingId ? { bookingId } : {}) };
  };
  const client = async (method: 'GET' | 'POST', send: () => Promise<LoadAnswer>) => {
    while (running) {
      if (method === 'POST') bookingsInFlight++;
      answers.push(await send().catch((): LoadAnswer => ({ method, status: null })));
      if (method === 'POST') bookingsInFlight--;
    }
  };

  const clients = [
    ...Array.from({ length: spec.readers }, () => client('GET', read)),
    ...Array.from({ length: spec.bookers }, () => client('POST', book)),
  ];
  return {
    answered: () => answers.length,
    bookingsInFlight: () => bookingsInFlight,
    stop: async () => {
      running = false;
      await Promise.all(clients);
      return answers;
    },
  };
}
