/**
 * A minimal TURN client over UDP (RFC 5766, long-term credentials of RFC 5389): enough to ask a
 * TURN server for an allocation with a viewer's credentials and for permissions to peers, and to
 * read its answer (success, or the error code). Browsers do the same before relaying media.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import dgram from 'node:dgram';

const MAGIC = 0x2112a442;
const ATTR = {
  username: 0x0006,
  messageIntegrity: 0x0008,
  errorCode: 0x0009,
  xorPeerAddress: 0x0012,
  realm: 0x0014,
  nonce: 0x0015,
  requestedTransport: 0x0019,
} as const;
const METHOD = { allocate: 0x0003, createPermission: 0x0008 } as const;

type Attribute = [type: number, value: Buffer];

/** The answer to a request: ok, or the error code the server gave (401, 403, …). */
export type TurnAnswer = { ok: true } | { ok: false; code: number };

function attribute(type: number, value: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt16BE(type, 0);
  header.writeUInt16BE(value.length, 2);
  return Buffer.concat([header, value, Buffer.alloc((4 - (value.length % 4)) % 4)]);
}

function parse(message: Buffer): { type: number; transactionId: Buffer; attributes: Map<number, Buffer> } {
  const attributes = new Map<number, Buffer>();
  for (let at = 20; at + 4 <= message.length; ) {
    const type = message.readUInt16BE(at);
    const length = message.readUInt16BE(at + 2);
    attributes.set(type, message.subarray(at + 4, at + 4 + length));
    at += 4 + length + ((4 - (length % 4)) % 4);
  }
  return { type: message.readUInt16BE(0), transactionId: message.subarray(8, 20), attributes };
}

/** XOR-PEER-ADDRESS of an IPv4 address (the port does not matter to a permission). */
function xorPeer(ip: string): Buffer {
  const value = Buffer.alloc(8);
  value.writeUInt8(0x01, 1);
  value.writeUInt16BE(3478 ^ (MAGIC >>> 16), 2);
  const address = ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
  value.writeUInt32BE((address ^ MAGIC) >>> 0, 4);
  return value;
}

export class TurnClient {
  private readonly socket = dgram.createSocket('udp4');
  private auth: { realm: Buffer; nonce: Buffer; key: Buffer } | undefined;

  constructor(
    private readonly server: { host: string; port: number },
    private readonly username: string,
    private readonly credential: string,
  ) {}

  /** An allocation (UDP relay), answering the server's first 401 with the credentials as a browser does. */
  async allocate(): Promise<TurnAnswer> {
    const transport = Buffer.from([17, 0, 0, 0]);
    const first = await this.send(METHOD.allocate, [[ATTR.requestedTransport, transport]], false);
    if (first.type !== 0x0113) return { ok: true }; // no challenge: the server needs no credentials
    const realm = first.attributes.get(ATTR.realm);
    const nonce = first.attributes.get(ATTR.nonce);
    if (!realm || !nonce) throw new Error('the 401 carries no realm or nonce');
    const key = createHash('md5').update(`${this.username}:${realm.toString()}:${this.credential}`).digest();
    this.auth = { realm, nonce, key };
    return answer(await this.send(METHOD.allocate, [[ATTR.requestedTransport, transport]], true));
  }

  /** A permission for `peerIp` on the allocation: the server refuses peers it may not relay to (403). */
  async permit(peerIp: string): Promise<TurnAnswer> {
    const attributes: Attribute[] = [[ATTR.xorPeerAddress, xorPeer(peerIp)]];
    const reply = await this.send(METHOD.createPermission, attributes, true);
    const stale = answer(reply);
    if (stale.ok || stale.code !== 438) return stale;
    // A stale nonce: the server gives a new one, and the request is made again with it, as browsers do.
    this.auth!.nonce = reply.attributes.get(ATTR.nonce)!;
    return answer(await this.send(METHOD.createPermission, attributes, true));
  }

  close(): void {
    this.socket.close();
  }

  private send(method: number, attributes: Attribute[], signed: boolean): Promise<ReturnType<typeof parse>> {
    const transactionId = randomBytes(12);
    const all: Attribute[] = [...attributes];
    if (signed) {
      if (!this.auth) throw new Error('not challenged yet');
      all.push([ATTR.username, Buffer.from(this.username)], [ATTR.realm, this.auth.realm], [ATTR.nonce, this.auth.nonce]);
    }
    let body = Buffer.concat(all.map(([type, value]) => attribute(type, value)));
    const header = Buffer.alloc(20);
    header.writeUInt16BE(method, 0);
    header.writeUInt32BE(MAGIC, 4);
    transactionId.copy(header, 8);
    if (signed) {
      // MESSAGE-INTEGRITY covers the message up to itself, with the length counting it in.
      header.writeUInt16BE(body.length + 24, 2);
      const mac = createHmac('sha1', this.auth!.key)
        .update(Buffer.concat([header, body]))
        .digest();
      body = Buffer.concat([body, attribute(ATTR.messageIntegrity, mac)]);
    }
    header.writeUInt16BE(body.length, 2);
    const message = Buffer.concat([header, body]);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.socket.off('message', onMessage);
        reject(new Error('no answer from the TURN server within 3 s'));
      }, 3000);
      const onMessage = (reply: Buffer) => {
        const parsed = parse(reply);
        if (!parsed.transactionId.equals(transactionId)) return;
        clearTimeout(timer);
        this.socket.off('message', onMessage);
        resolve(parsed);
      };
      this.socket.on('message', onMessage);
      this.socket.send(message, this.server.port, this.server.host);
    });
  }
}

function answer(reply: ReturnType<typeof parse>): TurnAnswer {
  if ((reply.type & 0x0110) === 0x0100) return { ok: true };
  const error = reply.attributes.get(ATTR.errorCode);
  return { ok: false, code: error ? (error.readUInt8(2) & 0x07) * 100 + error.readUInt8(3) : 0 };
}
