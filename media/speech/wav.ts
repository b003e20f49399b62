/**
 * WAV (RIFF, 16-bit PCM, mono) headers: written for our responses, read from model servers.
 * A streamed WAV does not know its length up front; its sizes are 0xFFFFFFFF, which browsers,
 * ffmpeg and most players read as "until the end of the stream".
 */
export const UNKNOWN_LENGTH = 0xffff_ffff;

export interface Pcm {
  sampleRateHz: number;
  channels: number;
  bitsPerSample: number;
  /** Little-endian samples. */
  data: Buffer;
}

export class WavFormatError extends Error {}

/** A 44-byte header for 16-bit mono PCM; `dataBytes` undefined writes the streaming form. */
export function wavHeader(sampleRateHz: number, dataBytes?: number, channels = 1, bitsPerSample = 16): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = (channels * bitsPerSample) / 8;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(dataBytes === undefined ? UNKNOWN_LENGTH : 36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRateHz, 24);
  header.writeUInt32LE(sampleRateHz * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes === undefined ? UNKNOWN_LENGTH : dataBytes, 40);
  return header;
}

export function wavFile(pcm: Pcm): Buffer {
  return Buffer.concat([wavHeader(pcm.sampleRateHz, pcm.data.length, pcm.channels, pcm.bitsPerSample), pcm.data]);
}

/** Reads a PCM WAV: walks the chunks to `fmt ` and `data` (other chunks such as LIST are skipped). */
export function parseWav(file: Buffer): Pcm {
  if (file.length < 12 || file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE') {
    throw new WavFormatError('not a RIFF/WAVE file');
  }
  let offset = 12;
  let format: Omit<Pcm, 'data'> | undefined;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (file.readUInt16LE(body) !== 1) throw new WavFormatError('only PCM WAV is supported');
      format = {
        channels: file.readUInt16LE(body + 2),
        sampleRateHz: file.readUInt32LE(body + 4),
        bitsPerSample: file.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!format) throw new WavFormatError('data chunk before fmt chunk');
      // A streamed WAV has an unknown (or wrong) size: take what is there.
      const end = size === UNKNOWN_LENGTH || body + size > file.length ? file.length : body + size;
      return { ...format, data: file.subarray(body, end) };
    }
    offset = body + size + (size % 2);
  }
  throw new WavFormatError('no data chunk');
}

export function durationMs(pcm: Pcm): number {
  return Math.round((pcm.data.length / ((pcm.channels * pcm.bitsPerSample) / 8) / pcm.sampleRateHz) * 1000);
}
