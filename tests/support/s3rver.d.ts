/** The parts of s3rver (an S3-compatible server for tests) that the tests use. */
declare module "s3rver" {
  import type { Server } from "node:http";

  interface Context {
    method: string;
    path: string;
    query: Record<string, string | undefined>;
    status: number;
    type: string;
    body: unknown;
  }

  export default class S3rver {
    constructor(options: {
      address: string;
      port: number;
      directory: string;
      silent: boolean;
      configureBuckets: { name: string }[];
    });
    middleware: ((context: Context, next: () => Promise<void>) => Promise<void>)[];
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    run(): Promise<Server>;
    close(): Promise<void>;
  }
}
