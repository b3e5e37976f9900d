// The part of autocannon's API the load generator uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
    interface Options {
      url: string;
      method?: string;
      connections?: number;
      duration?: number;
      amount?: number;
      headers?: Record<string, string>;
      requests?: Array<Request & { setupRequest?: (request: Request) => Request }>;
    }
    interface Histogram {
      mean: number;
      p50: number;
      p99: number;
    }
    interface Result {
      duration: number;
      errors: number;
      timeouts: number;
      latency: Histogram;
      statusCodeStats?: Record<string, { count: number }>;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
