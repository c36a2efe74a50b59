import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { menuTemplate, type MenuActions } from './menu';

function recordingActions(): { actions: MenuActions; calls: string[] } {
  const calls: string[] = [];
  const record = (name: string) => () => {
    calls.push(name);
  };
  return {
    calls,
    actions: {
      importFiles: record('importFiles'),
      importFolder: record('importFolder'),
      changeDataFolder: record('changeDataFolder'),
      showDataFolder: record('showDataFolder'),
      showAbout: record('showAbout'),
    },
  };
}

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}

function clickLabel(template: MenuItemConstructorOptions[], label: string): void {
  const item = items(template).find((candidate) => candidate.label === label);
  if (!item?.click) throw new Error(`no clickable menu item ${label}`);
  item.click(undefined as never, undefined, undefined as never);
}

describe('menuTemplate', () => {
  it('wires File and Help commands to their actions', () => {
    const { actions, calls } = recordingActions();
    const template = menuTemplate(actions, { platform: 'linux', isDevelopment: false, appName: 'Lantern' });
    for (const label of ['Import Files…', 'Import Folder…', 'Change Data Folder…', 'Show Data Folder', 'About Lantern']) {
      clickLabel(template, label);
    }
    expect(calls).toEqual(['importFiles', 'importFolder', 'changeDataFolder', 'showDataFolder', 'showAbout']);
  });

  it('shows developer tools only in development', () => {
    const roles = (isDevelopment: boolean) =>
      items(menuTemplate(recordingActions().actions, { platform: 'linux', isDevelopment, appName: 'Lantern' })).map((item) => item.role);
    expect(roles(true)).toContain('toggleDevTools');
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(false)).toContain('reload');
  });

  it('puts Quit in File except on macOS, where the app menu has it', () => {
    const roles = (platform: NodeJS.Platform) =>
      items(menuTemplate(recordingActions().actions, { platform, isDevelopment: false, appName: 'Lantern' })).map((item) => item.role);
    expect(roles('win32')).toContain('quit');
    expect(roles('darwin')).not.toContain('quit');
    expect(roles('darwin')).toContain('appMenu');
  });
});
