import { FILE_INCOMPLETE } from '@lunara/shared/media';
import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range.ts';
import { cleanFileName } from './file-name.ts';
import { widthsFor } from './image-variants.ts';
import { pickVariant } from './pick-variant.ts';
import { contentDisposition, downloadName } from './serve-media.ts';
import { openUploadBody } from './upload-body.ts';

describe('cleanFileName', () => {
  it('keeps only a name: no folders, controls or direction overrides', () => {
    expect(cleanFileName(encodeURIComponent('../../etc/passwd'))).toBe('passwd');
    expect(cleanFileName(encodeURIComponent('..\\..\\windows\\evil.pdf'))).toBe('evil.pdf');
    expect(cleanFileName('%2e%2e%2f%2e%2e%2fsecret.pdf')).toBe('secret.pdf');
    expect(cleanFileName(encodeURIComponent('notes\u0000\r\n.pdf'))).toBe('notes.pdf');
    expect(cleanFileName(encodeURIComponent('photo\u202Egpj.exe'))).toBe('photogpj.exe');
    expect(cleanFileName(encodeURIComponent('..'))).toBe('file');
    expect(cleanFileName(undefined)).toBe('file');
    expect(cleanFileName('%E0%A4%A')).toBe('%E0%A4%A');
    expect(cleanFileName(encodeURIComponent('Méditation de la lune.pdf'))).toBe('Méditation de la lune.pdf');
  });

  it('shortens a long name to 200 characters, keeping its extension', () => {
    const name = cleanFileName(encodeURIComponent(`${'a'.repeat(300)}.pdf`));
    expect(Array.from(name)).toHaveLength(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('parseRange', () => {
  it('reads one range of bytes', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'range', range: { start: 0, end: 99 } });
    expect(parseRange('bytes=900-', 1000)).toEqual({ kind: 'range', range: { start: 900, end: 999 } });
    expect(parseRange('bytes=-100', 1000)).toEqual({ kind: 'range', range: { start: 900, end: 999 } });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ kind: 'range', range: { start: 990, end: 999 } });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ kind: 'range', range: { start: 0, end: 999 } });
  });

  it('refuses a range past the end, and answers the whole file for anything else', () => {
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange(undefined, 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-1,5-6', 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('items=0-1', 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=9-1', 1000)).toEqual({ kind: 'whole' });
  });
});

describe('image widths', () => {
  it('stores the widths of the kind the image covers, and its own width below the largest', () => {
    expect(widthsFor('avatar', 1000)).toEqual([64, 128, 256]);
    expect(widthsFor('avatar', 256)).toEqual([64, 128, 256]);
    expect(widthsFor('avatar', 40)).toEqual([40]);
    expect(widthsFor('post_image', 800)).toEqual([340, 680, 800]);
  });

  const variants = [340, 680, 800].flatMap((width) => [
    { name: `${width}.avif`, contentType: 'image/avif', bytes: 1, width },
    { name: `${width}.webp`, contentType: 'image/webp', bytes: 1, width },
    { name: `${width}.jpg`, contentType: 'image/jpeg', bytes: 1, width },
  ]);
  it('serves the best format the browser takes, at a stored or listed width only', () => {
    const avif = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
    expect(pickVariant('post_image', variants, undefined, avif)?.name).toBe('800.avif');
    expect(pickVariant('post_image', variants, 680, 'image/webp,*/*')?.name).toBe('680.webp');
    expect(pickVariant('post_image', variants, 340, '*/*')?.name).toBe('340.jpg');
    expect(pickVariant('post_image', variants, 340, 'image/avif;q=0, image/webp')?.name).toBe('340.webp');
    expect(pickVariant('post_image', variants, 2048, avif)?.name).toBe('800.avif');
    expect(pickVariant('post_image', variants, 1000, avif)).toBeUndefined();
    expect(pickVariant('post_image', variants, -1, avif)).toBeUndefined();
    const file = [{ name: 'original.pdf', contentType: 'application/pdf', bytes: 10 }];
    expect(pickVariant('lesson_file', file, undefined, '*/*')?.name).toBe('original.pdf');
    expect(pickVariant('lesson_file', file, 340, '*/*')).toBeUndefined();
  });
});

describe('contentDisposition', () => {
  it('names any file safely, with an ASCII fallback', () => {
    expect(contentDisposition('attachment', 'Mondphasen "Übung"; 1.pdf')).toBe(
      `attachment; filename="Mondphasen __bung__ 1.pdf"; filename*=UTF-8''Mondphasen%20%22%C3%9Cbung%22%3B%201.pdf`,
    );
  });
});

describe('downloadName', () => {
  it('makes a lesson file download with the extension of its real type, whatever name it came with', () => {
    expect(downloadName('Moon journal.pdf', 'original.pdf')).toBe('Moon journal.pdf');
    expect(downloadName('Moon journal.PDF', 'original.pdf')).toBe('Moon journal.PDF');
    expect(downloadName('sunrise.jpeg', 'original.jpg')).toBe('sunrise.jpeg');
    expect(downloadName('evil.html', 'original.jpg')).toBe('evil.html.jpg');
    expect(downloadName('setup.exe', 'original.mp3')).toBe('setup.exe.mp3');
    expect(downloadName('file', 'original.pdf')).toBe('file.pdf');
    expect(downloadName('.htaccess', 'original.wav')).toBe('.htaccess.wav');
  });
});

describe('openUploadBody', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** A client sending `chunks` with `gap` ms between them, then stalling for good when `stall` is set. */
  async function* client(chunks: number, gap: number, stall: boolean) {
    for (let i = 0; i < chunks; i++) {
      if (i > 0) await sleep(gap);
      yield Buffer.alloc(100, i);
    }
    if (stall) await new Promise(() => {});
  }
  const open = (source: AsyncIterable<Buffer>) =>
    openUploadBody(source, {
      kind: 'lesson_file',
      limit: 10_000,
      headBytes: 64,
      declaredLength: 1_000,
      idleTimeoutMs: 80,
    });
  const readAll = async (stream: AsyncIterable<Buffer>) => {
    let bytes = 0;
    for await (const chunk of stream) bytes += chunk.length;
    return bytes;
  };

  it('fails an upload whose client stops sending, before or after its first bytes, instead of waiting for ever', async () => {
    await expect(open(client(0, 0, true))).rejects.toMatchObject({ statusCode: 400, message: FILE_INCOMPLETE });
    const body = await open(client(3, 10, true));
    await expect(readAll(body.stream)).rejects.toMatchObject({ statusCode: 400, message: FILE_INCOMPLETE });
    expect(body.bytesRead()).toBe(300);
  });

  it('lets a slow upload finish as long as bytes keep coming', async () => {
    const body = await open(client(10, 40, false));
    expect(await readAll(body.stream)).toBe(1_000);
  });
});
