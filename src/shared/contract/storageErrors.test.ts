import { describe, expect, it } from 'vitest';
import { plainStorageError } from './storageErrors';

describe('plainStorageError', () => {
  it('puts a file size limit and a full disk in words, without the build paths', () => {
    const raw =
      'lance error: LanceError(IO): File too large (os error 27), /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-file-0.1/src/writer.rs:12:5';
    const text = plainStorageError(raw);
    expect(text).toContain('size limit');
    expect(text).not.toContain('cargo');
    expect(plainStorageError('backup: LanceError(IO): No space left on device (os error 28), /usr/local/cargo/x.rs')).toMatch(
      /^backup: the store could not write to the disk: the disk is full/,
    );
  });

  it('names an unknown error number by what the library said', () => {
    expect(plainStorageError('LanceError(IO): Something odd (os error 99), /x')).toContain('something odd');
  });

  it('leaves every other message as it is', () => {
    expect(plainStorageError('restore: /x is not a Lantern data folder')).toBe('restore: /x is not a Lantern data folder');
  });
});
