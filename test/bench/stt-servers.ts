/**
 * A transcription model server asked directly (one of a benchmark's own, bench-speech-server.ts):
 * the text and language it hears in a clip, and how long it took.
 */
export async function transcribe(url: string, wav: Buffer, language: string): Promise<{ text: string; language: string; ms: number }> {
  const form = new FormData();
  form.append('file', new Blob([wav], { type: 'audio/wav' }), 'clip.wav');
  form.append('language', language);
  form.append('response_format', 'verbose_json');
  const started = performance.now();
  const res = await fetch(`${url}/v1/audio/transcriptions`, { method: 'POST', body: form });
  const body = (await res.json()) as { text: string; language: string; error?: { message: string } };
  if (!res.ok) throw new Error(`transcription answered ${res.status}: ${body.error?.message}`);
  return { text: body.text, language: body.language, ms: performance.now() - started };
}
