import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_TYPES_LABEL,
  attachmentDisposition,
  checkUpload,
  cleanFileName,
  documentFileName,
  imageDimensionsProblem,
  MAX_FILE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_NAME_LENGTH,
  sniffDocumentType,
  typesLabel,
} from './file-content.ts';
import { sampleDoc, sampleDocx, sampleJpeg, samplePdf, samplePng } from './testing.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('sniffDocumentType: the content decides, never the name', () => {
  it('knows a PDF by %PDF-, a JPEG by FF D8 FF and a PNG by its eight-byte signature', () => {
    expect(sniffDocumentType(samplePdf())).toBe('application/pdf');
    expect(sniffDocumentType(sampleJpeg())).toBe('image/jpeg');
    expect(sniffDocumentType(samplePng())).toBe('image/png');
    expect(sniffDocumentType(text('%PDF-'))).toBe('application/pdf');
    expect(sniffDocumentType(bytes(0xff, 0xd8, 0xff))).toBe('image/jpeg');
    expect(sniffDocumentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
  });

  it('refuses anything else, however close', () => {
    const refused = [
      text('%PDF'), // one byte short
      text(' %PDF-1.7'), // not at the start
      text('%pdf-1.7'),
      bytes(0xff, 0xd8), // a JPEG's start, cut short
      bytes(0xff, 0xd8, 0xfe),
      bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a), // seven of PNG's eight
      bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b),
      text('GIF89a'),
      text('MZ\x90\x00'), // a Windows program
      text('PK\x03\x04'), // a zip, or a Word document
      text('<!doctype html><script>alert(1)</script>'),
      text('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes(0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63), // HEIC, as phones take photos
      bytes(),
    ];
    expect(refused.filter((content) => sniffDocumentType(content) !== null).map((content) => Buffer.from(content).toString('hex'))).toEqual([]);
  });
});

describe('checkUpload', () => {
  it('refuses an empty file, then one over 5MB, then one of another type', () => {
    expect(checkUpload(bytes())).toEqual({ ok: false, problem: 'empty' });
    const oversize = new Uint8Array(MAX_FILE_BYTES + 1);
    oversize.set(text('%PDF-'));
    expect(checkUpload(oversize)).toEqual({ ok: false, problem: 'too-large' });
    expect(checkUpload(text('hello'))).toEqual({ ok: false, problem: 'type-not-allowed' });
  });

  it('takes exactly 5MB (5,242,880 bytes)', () => {
    expect(MAX_FILE_BYTES).toBe(5_242_880);
    const largest = new Uint8Array(MAX_FILE_BYTES);
    largest.set(samplePng());
    expect(checkUpload(largest)).toEqual({ ok: true, type: 'image/png' });
  });

  it('names the accepted types as a person reads them', () => {
    expect(ACCEPTED_TYPES_LABEL).toBe('PDF, JPG or PNG');
  });
});

describe('imageDimensionsProblem: how big a picture may be, from its header', () => {
  it('takes up to 40 million pixels, whatever their shape, and refuses one more', () => {
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
    expect([imageDimensionsProblem(8000, 5000), imageDimensionsProblem(4032, 3024), imageDimensionsProblem(40_000_000, 1)]).toEqual([null, null, null]);
    expect([imageDimensionsProblem(8000, 5001), imageDimensionsProblem(100_000, 100_000)]).toEqual(['too-many-pixels', 'too-many-pixels']);
  });

  it('calls a picture without dimensions unreadable', () => {
    expect([imageDimensionsProblem(undefined, 10), imageDimensionsProblem(10, 0)]).toEqual(['unreadable', 'unreadable']);
  });
});

describe('documentFileName', () => {
  it('keeps the last part of a path, never the folders', () => {
    expect(documentFileName('../../etc/passwd.pdf', 'application/pdf')).toBe('passwd.pdf');
    expect(documentFileName('C:\\Users\\sam\\Documents\\Certificate.PDF', 'application/pdf')).toBe('Certificate.PDF');
    expect(documentFileName('/', 'application/pdf')).toBe('document.pdf');
  });

  it('ends in the extension of what the content is', () => {
    expect(documentFileName('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
    expect(documentFileName('photo.JPG', 'image/jpeg')).toBe('photo.JPG');
    expect(documentFileName('scan.pdf', 'image/png')).toBe('scan.png');
    expect(documentFileName('scan', 'image/jpeg')).toBe('scan.jpg');
    expect(documentFileName('invoice.exe', 'application/pdf')).toBe('invoice.exe.pdf');
    expect(documentFileName('gas-safe.certificate.2025', 'application/pdf')).toBe('gas-safe.certificate.2025.pdf');
  });

  it('drops control and direction-override characters, and those no file system allows', () => {
    expect(documentFileName('inv\u202Egpj.exe', 'application/pdf')).toBe('invgpj.exe.pdf');
    expect(documentFileName('a\u0000b\r\nc.png', 'image/png')).toBe('abc.png');
    expect(documentFileName('what?<is>"this"|*:.pdf', 'application/pdf')).toBe('what__is__this____.pdf');
    expect(documentFileName('half \uD800 pair.pdf', 'application/pdf')).toBe('half pair.pdf');
    expect(documentFileName('  ..hidden.pdf. ', 'application/pdf')).toBe('hidden.pdf');
  });

  it('falls back to "document" when nothing usable is left', () => {
    expect(documentFileName(undefined, 'image/png')).toBe('document.png');
    expect(documentFileName('', 'application/pdf')).toBe('document.pdf');
    expect(documentFileName(' ... ', 'application/pdf')).toBe('document.pdf');
    expect(documentFileName('\u0007\u202E', 'image/jpeg')).toBe('document.jpg');
  });

  it('keeps names to 100 characters, the extension included, without splitting a character', () => {
    const long = documentFileName(`${'a'.repeat(300)}.pdf`, 'application/pdf');
    expect(long).toHaveLength(MAX_NAME_LENGTH);
    expect(long.endsWith('a.pdf')).toBe(true);
    const emoji = documentFileName(`${'🧾'.repeat(200)}.png`, 'image/png');
    expect(Array.from(emoji)).toHaveLength(MAX_NAME_LENGTH);
    expect(emoji).not.toMatch(/\p{Cs}/u); // no half of a surrogate pair
  });

  it('composes what looks alike (NFC), so one name is stored one way', () => {
    expect(documentFileName('Cafe\u0301.pdf', 'application/pdf')).toBe('Caf\u00e9.pdf');
  });
});

describe('cleanFileName (for messages about refused files)', () => {
  it('is the last part of the name, cleaned and cut, or empty', () => {
    expect(cleanFileName('C:\\fakepath\\notes.txt')).toBe('notes.txt');
    expect(cleanFileName(undefined)).toBe('');
    expect(cleanFileName('x'.repeat(500))).toHaveLength(MAX_NAME_LENGTH);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII name and the exact one encoded as UTF-8', () => {
    expect(attachmentDisposition('Gas Safe certificate.pdf')).toBe(
      `attachment; filename="Gas Safe certificate.pdf"; filename*=UTF-8''Gas%20Safe%20certificate.pdf`,
    );
    expect(attachmentDisposition('Ćertificate (2025) 100%.png')).toBe(
      `attachment; filename="_ertificate (2025) 100_.png"; filename*=UTF-8''%C4%86ertificate%20%282025%29%20100%25.png`,
    );
  });

  it('never lets a name close the quotes or start a new header', () => {
    const header = attachmentDisposition('a";b\\c\r\nSet-Cookie: x.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
  });
});

describe('Word documents, for the purposes that take them (a CV)', () => {
  it('knows a .docx by a ZIP holding [Content_Types].xml and word/, and a .doc by OLE2 with a WordDocument stream', () => {
    expect(sniffDocumentType(sampleDocx())).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(sniffDocumentType(sampleDoc())).toBe('application/msword');
    // Any other ZIP (a spreadsheet, an archive) or OLE2 file (an old Excel file, an installer) is not one.
    expect(sniffDocumentType(Buffer.concat([text('PK\x03\x04'), text('[Content_Types].xml xl/workbook.xml')]))).toBeNull();
    expect(sniffDocumentType(Buffer.concat([bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), Buffer.from('Workbook', 'utf16le')]))).toBeNull();
  });

  it('are refused unless the caller accepts them, and named by what they are', () => {
    expect(checkUpload(sampleDocx())).toEqual({ ok: false, problem: 'type-not-allowed' });
    expect(checkUpload(sampleDocx(), ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'])).toMatchObject({
      ok: true,
    });
    expect(checkUpload(samplePng(), ['application/pdf', 'application/msword'])).toEqual({ ok: false, problem: 'type-not-allowed' });
    expect(ACCEPTED_TYPES_LABEL).toBe('PDF, JPG or PNG');
    expect(typesLabel(['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/msword'])).toBe(
      'PDF or Word document',
    );
    expect(documentFileName('My CV.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('My CV.docx');
    expect(documentFileName('cv.pdf', 'application/msword')).toBe('cv.doc');
  });
});
