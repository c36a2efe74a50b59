// Whether to write ⌘ for the modifier key: the shortcuts themselves accept Ctrl and ⌘ everywhere.
export function isMac(): boolean {
  const withHints = navigator as Navigator & { userAgentData?: { platform?: string } };
  return /mac/i.test(withHints.userAgentData?.platform ?? navigator.platform ?? navigator.userAgent);
}
