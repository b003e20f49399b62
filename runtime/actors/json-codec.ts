/** The one wire format of the actor runtime on NATS (requests, replies, key-value entries): UTF-8 JSON. */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const encode = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));
export const decode = <T>(bytes: Uint8Array): T => JSON.parse(decoder.decode(bytes)) as T;
