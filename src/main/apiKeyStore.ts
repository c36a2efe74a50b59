// The answer endpoint's API key, kept only as ciphertext from Electron's safeStorage (the OS keychain), never in plain
// settings or logs; the engine receives it in its environment when it starts.

/** The part of Electron's safeStorage this needs. */
export interface Keychain {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** Where the ciphertext is kept (electron-store in the app). */
export interface CiphertextStore {
  readCiphertext(): string | undefined;
  writeCiphertext(base64: string | undefined): void;
}

export class ApiKeyStore {
  constructor(
    private readonly keychain: Keychain,
    private readonly store: CiphertextStore,
  ) {}

  /** Saves the key encrypted, or forgets it (null or empty); refuses rather than store it readable. */
  save(key: string | null): void {
    const trimmed = key?.trim() ?? '';
    if (trimmed === '') {
      this.store.writeCiphertext(undefined);
      return;
    }
    if (!this.keychain.isEncryptionAvailable()) {
      throw new Error(
        'this system offers no keychain to encrypt the API key with (on Linux: a running Secret Service such as GNOME Keyring or KWallet); set LANTERN_API_KEY in the environment instead',
      );
    }
    this.store.writeCiphertext(this.keychain.encryptString(trimmed).toString('base64'));
  }

  /** The key, or undefined when none is saved or it can no longer be decrypted (another user, a reset keychain). */
  read(): string | undefined {
    const ciphertext = this.store.readCiphertext();
    if (!ciphertext || !this.keychain.isEncryptionAvailable()) return undefined;
    try {
      return this.keychain.decryptString(Buffer.from(ciphertext, 'base64'));
    } catch {
      return undefined;
    }
  }

  get isSaved(): boolean {
    return this.store.readCiphertext() !== undefined;
  }
}
