// s3rver ships no types: the part of its API the test server (s3-server-process.ts) uses.
declare module "s3rver" {
  import type { Server } from "node:http";
  import type { AddressInfo } from "node:net";

  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Starts listening; answers the address it listens on. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** The listening server, once run() has resolved. */
    httpServer: Server;
    on(
      event: "event",
      listener: (event: {
        Records: { eventName: string; s3: { object: { key: string } } }[];
      }) => void,
    ): this;
  }
}
