import type { AddressInfo } from "node:net";
import net from "node:net";
import tls from "node:tls";

/**
 * How the test SMTP server behaves:
 * - `starttls`: banner, EHLO offering STARTTLS, STARTTLS upgrading to TLS with `certificate`;
 * - `no-starttls`: the same without STARTTLS;
 * - `silent`: accepts the connection and never sends a banner;
 * - `garbage`: answers with bytes that are not SMTP;
 * - `close-after-ehlo`: closes the connection instead of answering EHLO;
 * - `huge-banner`: a banner of `hugeBannerBytes` (1 MiB) without a line end.
 */
export type SmtpServerMode =
  | "starttls"
  | "no-starttls"
  | "silent"
  | "garbage"
  | "close-after-ehlo"
  | "huge-banner";

export interface TestSmtpServerOptions {
  mode: SmtpServerMode;
  /** Key and chain (PEM) presented after STARTTLS. Required for `starttls`. */
  certificate?: { keyPem: string; certPem: string };
  /** Where to listen; default 127.0.0.1 and a free port. */
  host?: string;
  port?: number;
  /** Delay before every reply, banner included. */
  replyDelayMs?: number;
  /** Name in the banner and the EHLO reply. Default mx.test. */
  name?: string;
}

export interface TestSmtpServer {
  readonly host: string;
  readonly port: number;
  /** Every command received, in order, each connection's and TLS or not (`tls: true`). */
  readonly commands: { command: string; tls: boolean }[];
  /** Connections accepted. */
  connections(): number;
  close(): Promise<void>;
}

export const hugeBannerBytes = 1024 * 1024;

/**
 * A real ESMTP responder on loopback (RFC 5321, RFC 3207 STARTTLS) with misbehaving modes. It
 * speaks enough for a probe: EHLO, HELO, STARTTLS, NOOP, RSET, QUIT; MAIL FROM and anything else
 * is recorded and refused with 502, so a test can assert it was never sent.
 */
export async function startSmtpServer(options: TestSmtpServerOptions): Promise<TestSmtpServer> {
  const name = options.name ?? "mx.test";
  if (options.mode === "starttls" && !options.certificate) {
    throw new TypeError("startSmtpServer: mode starttls needs options.certificate");
  }
  const secureContext = options.certificate
    ? tls.createSecureContext({
        key: options.certificate.keyPem,
        cert: options.certificate.certPem,
      })
    : undefined;
  const commands: TestSmtpServer["commands"] = [];
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const delay = () => new Promise((resolve) => setTimeout(resolve, options.replyDelayMs ?? 0));

  const serve = (socket: net.Socket | tls.TLSSocket, secure: boolean) => {
    let buffered = "";
    let upgrading = false;
    const reply = async (text: string) => {
      await delay();
      if (!socket.destroyed) socket.write(text);
    };
    const onData = (chunk: Buffer) => {
      if (upgrading) return;
      buffered += chunk.toString("latin1");
      for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
        const line = buffered.slice(0, end).replace(/\r$/, "");
        buffered = buffered.slice(end + 1);
        handle(line);
      }
    };
    const handle = (line: string) => {
      commands.push({ command: line, tls: secure });
      const verb = line.split(" ")[0]!.toUpperCase();
      if (verb === "EHLO") {
        if (options.mode === "close-after-ehlo") return void socket.destroy();
        const offer = options.mode === "starttls" && !secure ? ["STARTTLS"] : [];
        const lines = [name, "PIPELINING", "SIZE 10240000", ...offer, "8BITMIME"];
        const text = lines
          .map((entry, index) => `250${index === lines.length - 1 ? " " : "-"}${entry}\r\n`)
          .join("");
        return void reply(text);
      }
      if (verb === "HELO") return void reply(`250 ${name}\r\n`);
      if (verb === "NOOP" || verb === "RSET") return void reply("250 OK\r\n");
      if (verb === "QUIT") {
        return void reply("221 Bye\r\n").then(() => socket.end());
      }
      if (verb === "STARTTLS" && options.mode === "starttls" && !secure && secureContext) {
        upgrading = true;
        socket.off("data", onData);
        return void reply("220 Ready to start TLS\r\n").then(() => {
          const upgraded = new tls.TLSSocket(socket, { isServer: true, secureContext });
          sockets.add(upgraded);
          upgraded.on("error", () => socket.destroy());
          upgraded.on("close", () => sockets.delete(upgraded));
          serve(upgraded, true);
        });
      }
      return void reply("502 Command not implemented\r\n");
    };
    socket.on("data", onData);
  };

  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    switch (options.mode) {
      case "silent":
        socket.resume();
        return;
      case "garbage":
        void delay().then(
          () => socket.destroyed || socket.write("\x16\x03\x01 HTTP/1.1 400 nope\r\n"),
        );
        socket.resume();
        return;
      case "huge-banner":
        void delay().then(
          () => socket.destroyed || socket.write(`220 ${"x".repeat(hugeBannerBytes)}`),
        );
        socket.resume();
        return;
      default:
        void delay().then(() => socket.destroyed || socket.write(`220 ${name} ESMTP test\r\n`));
        serve(socket, false);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    host: address.address,
    port: address.port,
    commands,
    connections: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
