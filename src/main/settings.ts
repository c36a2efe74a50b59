// The user's settings on disk (electron-store): the data folder and the window's last bounds.
import Store from 'electron-store';
import { type WindowBounds, restorableBounds, type Rectangle } from './windowBounds';

interface SettingsShape {
  /** An absolute folder the user chose for the store; unset means userData/data. */
  dataDir?: string;
  windowBounds?: WindowBounds;
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

  get path(): string {
    return this.store.path;
  }
}
