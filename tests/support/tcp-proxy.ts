import { createConnection, createServer, type Server, type Socket } from "node:net";

/** A loopback TCP relay the tests can cut and restore, to make a database "go away". */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  readonly target: { host: string; port: number };
  port = 0;

  constructor(target: { host: string; port: number }) {
    this.target = target;
  }

  async start(port = 0): Promise<number> {
    this.server = createServer((client) => {
      const upstream = createConnection(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server?.listen(port, "127.0.0.1", resolve));
    const address = this.server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
    return this.port;
  }

  /** Refuses new connections and cuts every open one. */
  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
