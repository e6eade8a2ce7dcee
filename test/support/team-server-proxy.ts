// A TCP pass-through in front of the team's PostgreSQL: a laptop connected through it finds the
// server out of reach once the test cuts it (its connections broken, new ones refused), as when
// the server stops or the laptop leaves the network mid-session. Or, as a laptop that slept or
// changed Wi-Fi finds it (a NAT that forgot its connections), a black hole: nothing is forwarded
// either way and nothing is closed, new connections are taken and never answered; once the network
// is back, new connections go through while the old ones stay silent for good. No timers: `cut`
// resolves once every connection through it is closed.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export type TeamServerProxy = {
  port: number;
  cut(): Promise<void>;
  /** Forwards nothing from now on, closes nothing (the connections open now never come back). */
  blackHole(): void;
  /** New connections go through again; those black-holed stay so. */
  restore(): void;
  /** How many connections were taken while black-holed (each left unanswered). */
  swallowed(): number;
};

export async function startTeamServerProxy(target: { host: string; port: number }): Promise<TeamServerProxy> {
  const sockets = new Set<Socket>();
  /** The connections open now, each told to go silent at a black hole. */
  const silencers = new Set<() => void>();
  let dark = false;
  let swallowed = 0;
  const keep = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  };
  // allowHalfOpen: a goodbye (FIN) into the black hole is not answered by the proxy's own system either.
  const server = createServer({ allowHalfOpen: true }, (laptop) => {
    keep(laptop);
    if (dark) {
      swallowed++;
      laptop.on('data', () => undefined);
      return;
    }
    const database = connect({ port: target.port, host: target.host, allowHalfOpen: true });
    keep(database);
    let silent = false;
    const silence = () => void (silent = true);
    silencers.add(silence);
    const forward = (from: Socket, to: Socket) => {
      from.on('data', (bytes) => void (silent || to.write(bytes)));
      from.on('end', () => void (silent || to.end()));
    };
    forward(laptop, database);
    forward(database, laptop);
    laptop.on('close', () => silencers.delete(silence));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    }),
    blackHole() {
      dark = true;
      for (const silence of silencers) silence();
      silencers.clear();
    },
    restore() {
      dark = false;
    },
    swallowed: () => swallowed,
  };
}
