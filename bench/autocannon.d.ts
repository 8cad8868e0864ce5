// autocannon 8 ships no type declarations and @types/autocannon is not installed (and package.json
// is not ours to change), so this declares the part of its programmatic API the bench uses.
declare module 'autocannon' {
  namespace autocannon {
    interface RawRequest {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
    }

    interface RequestSpec extends RawRequest {
      /** Mutates the request before each send; returning a falsy value restarts the sequence. */
      setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest;
    }

    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: RequestSpec[];
      title?: string;
    }

    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Result {
      title?: string;
      url: string;
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      statusCodeStats: Record<string, { count: number }>;
    }
  }

  /** Without a callback the returned instance is also a Promise of the results. */
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
