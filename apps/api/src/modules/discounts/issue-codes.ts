import { normaliseTypedCode, READABLE_ALPHABET, readableCode } from '../../platform/readable-codes.ts';

/** Issue codes use the readable alphabet; 12 of its 29 symbols give about 58 bits. */
export const ISSUE_CODE_ALPHABET = READABLE_ALPHABET;
export const ISSUE_CODE_LENGTH = 12;

export const generateIssueCode = (): string => readableCode(ISSUE_CODE_LENGTH);

/** What the shopper typed, as codes are stored: capitals, no spaces or hyphens. */
export const normaliseCode = normaliseTypedCode;
