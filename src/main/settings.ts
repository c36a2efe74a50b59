// The user's settings on disk (electron-store): the data folder and the window's last bounds.
import Store from 'electron-store';
import { type WindowBounds, restorableBounds, type Rectangle } from './windowBounds';

interface SettingsShape {
  /** An absolute folder the user chose for the store; unset means userData/data. */
  dataDir?: string;
  windowBounds?: WindowBounds;
  /** The answer endpoint's API key, encrypted by safeStorage (base64); never the key itself. */
  apiKeyCiphertext?: string;
}

export class Settings {
  // Values are read back through checks (the file can be edited by hand), so the store itself stays untyped JSON.
  private readonly store = new Store<SettingsShape>({ name: 'settings', clearInvalidConfig: true });

  get dataDir(): string | undefined {
    const value: unknown = this.store.get('dataDir');
    return typeof value === 'string' ? value : undefined;
  }

  set dataDir(dataDir: string) {
    this.store.set('dataDir', dataDir);
  }

  /** The last bounds, if they still fit one of `workAreas`. */
  windowBounds(workAreas: readonly Rectangle[]): WindowBounds | null {
    return restorableBounds(this.store.get('windowBounds'), workAreas);
  }

  saveWindowBounds(bounds: WindowBounds): void {
    this.store.set('windowBounds', bounds);
  }

  readCiphertext(): string | undefined {
    const value: unknown = this.store.get('apiKeyCiphertext');
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  writeCiphertext(base64: string | undefined): void {
    if (base64 === undefined) this.store.delete('apiKeyCiphertext');
    else this.store.set('apiKeyCiphertext', base64);
  }

  get path(): string {
    return this.store.path;
  }
}
