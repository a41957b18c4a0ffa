// The part of autocannon's programmatic API the benches use (the package ships no types).
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    max: number;
    total: number;
    p50: number;
    p99: number;
  }

  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Histogram;
    requests: Histogram;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    overallRate?: number;
    timeout?: number;
    /** A cycle of requests per connection (bench:api's mixed workload), each set up from the one before's answer. */
    requests?: unknown[];
  }

  export default function autocannon(options: Options): Promise<Result>;
}
