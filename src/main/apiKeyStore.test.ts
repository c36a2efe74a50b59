// The key is stored only as ciphertext, read back through the keychain, and never stored when encryption is missing.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiKeyStore, type CiphertextStore, type Keychain } from './apiKeyStore';

/** A keychain with a real cipher (AES-256-GCM with a key only it holds), standing in for the OS keychain. */
function keychain(isAvailable = true): Keychain {
  const secret = randomBytes(32);
  return {
    isEncryptionAvailable: () => isAvailable,
    encryptString(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(encrypted) {
      const decipher = createDecipheriv('aes-256-gcm', secret, encrypted.subarray(0, 12));
      decipher.setAuthTag(encrypted.subarray(12, 28));
      return Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

function memoryStore(): CiphertextStore & { value: string | undefined } {
  return {
    value: undefined,
    readCiphertext() {
      return this.value;
    },
    writeCiphertext(base64) {
      this.value = base64;
    },
  };
}

describe('ApiKeyStore', () => {
  it('keeps only ciphertext and reads the key back', () => {
    const store = memoryStore();
    const keys = new ApiKeyStore(keychain(), store);
    keys.save('  sk-test-1234567890  ');
    expect(store.value).toBeDefined();
    expect(Buffer.from(store.value!, 'base64').toString('latin1')).not.toContain('sk-test');
    expect(keys.read()).toBe('sk-test-1234567890');
    expect(keys.isSaved).toBe(true);
    keys.save('');
    expect(store.value).toBeUndefined();
    expect(keys.read()).toBeUndefined();
  });

  it('refuses to store a key when the system has no keychain, and says what to do instead', () => {
    const store = memoryStore();
    expect(() => new ApiKeyStore(keychain(false), store).save('sk-test')).toThrow(/LANTERN_API_KEY/);
    expect(store.value).toBeUndefined();
  });

  it('treats a key another keychain encrypted as missing', () => {
    const store = memoryStore();
    new ApiKeyStore(keychain(), store).save('sk-test');
    expect(new ApiKeyStore(keychain(), store).read()).toBeUndefined();
  });
});
