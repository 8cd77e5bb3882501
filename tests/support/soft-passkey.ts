import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

// A small software authenticator for the API tests of passkeys (issue 34): ES256, "none"
// attestation, CBOR by hand. It makes the browser's answers to the register and sign-in
// options of a site at `origin`.

// --- a minimal CBOR encoder (unsigned/negative integers, byte and text strings, maps) ---
function cborHead(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const b64url = (data: Buffer) => data.toString("base64url");

/** A passkey on a software authenticator: makes registration and sign-in answers. */
export class SoftPasskey {
  readonly id = randomBytes(16);
  readonly key: KeyObject;
  readonly publicKey: KeyObject;
  counter = 0;
  readonly userHandle: string;
  readonly origin: string;
  constructor(userHandle: string, origin: string) {
    this.userHandle = userHandle;
    this.origin = origin;
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.key = pair.privateKey;
    this.publicKey = pair.publicKey;
  }
  get credentialId() {
    return b64url(this.id);
  }
  private authData(flags: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const rpIdHash = sha256(new URL(this.origin).hostname);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }
  private clientData(type: string, challenge: string) {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }),
    );
  }
  register(options: Record<string, unknown>) {
    const jwk = this.publicKey.export({ format: "jwk" });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.id, cose]);
    // UP, UV, backup eligible and backed up (a synced passkey), attested credential data.
    const authData = this.authData(0x01 | 0x04 | 0x08 | 0x10 | 0x40, attested);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", String(options.challenge))),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    };
  }
  /** An assertion; the counter goes up by one first unless told otherwise. */
  assert(options: Record<string, unknown>, { step = 1, verified = true } = {}) {
    this.counter += step;
    const authData = this.authData(0x01 | (verified ? 0x04 : 0) | 0x08 | 0x10);
    const clientDataJSON = this.clientData("webauthn.get", String(options.challenge));
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.key);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: b64url(Buffer.from(this.userHandle)),
      },
      clientExtensionResults: {},
    };
  }
}
