import type net from 'node:net';

/**
 * The pool's connections as sockets, from the socket factory postgres.js calls for each one: the driver
 * shows no count of its own. A socket counts from its creation (connecting included) until it is
 * destroyed; `destroyed` is read rather than a `close` listener because postgres.js removes every listener
 * from the socket when it hands it to TLS, and the TLS socket destroys it when it closes.
 */
export class OpenConnections {
  private readonly sockets = new Set<net.Socket>();

  add<S extends net.Socket>(socket: S): S {
    this.prune();
    this.sockets.add(socket);
    return socket;
  }

  get count(): number {
    this.prune();
    return this.sockets.size;
  }

  private prune(): void {
    for (const socket of this.sockets) if (socket.destroyed) this.sockets.delete(socket);
  }
}
