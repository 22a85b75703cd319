import { percentile } from "./latency.ts";

export interface Answer {
  status: number;
  location: string | null;
  body: string;
}

/** Counts and times every request of a load run; a failed expectation is kept as a short sample. */
export class LoadStats {
  readonly latenciesMs: number[] = [];
  networkErrors = 0;
  serverErrors = 0;
  /** Answers other than the one expected, network errors included. */
  unexpected = 0;
  /** The first few of them, for the failure message. */
  readonly samples: string[] = [];

  /** Sends one request, reads its whole body, and records how it went. */
  async measure(what: string, expectedStatus: number, send: () => Promise<Response>): Promise<Answer | null> {
    const started = performance.now();
    try {
      const response = await send();
      const body = await response.text();
      this.latenciesMs.push(performance.now() - started);
      if (response.status >= 500) this.serverErrors++;
      if (response.status !== expectedStatus) this.remember(`${what}: HTTP ${response.status}`);
      return { status: response.status, location: response.headers.get("location"), body };
    } catch (error) {
      this.networkErrors++;
      this.remember(`${what}: ${error instanceof Error ? (error.cause ?? error.message) : error}`);
      return null;
    }
  }

  private remember(problem: string) {
    this.unexpected++;
    if (this.samples.length < 20) this.samples.push(problem);
  }

  summary(label: string): string {
    const ms = (fraction: number) => `${percentile(this.latenciesMs, fraction).toFixed(1)} ms`;
    return (
      `${label}: ${this.latenciesMs.length + this.networkErrors} requests, ` +
      `${this.networkErrors} network errors, ${this.serverErrors} 5xx, p50 ${ms(0.5)}, p99 ${ms(0.99)}`
    );
  }
}
