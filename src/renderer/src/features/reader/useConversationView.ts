// Whether the reading pane shows the whole conversation or one message: kept in localStorage, followed across windows.
import { useCallback, useEffect, useState } from 'react';

const STORAGE_KEY = 'lantern.conversationView';

/** On unless turned off: a thread read as one conversation is what Gmail shows. */
function parseConversationView(value: string | null): boolean {
  return value !== 'off';
}

function readConversationView(): boolean {
  try {
    return parseConversationView(localStorage.getItem(STORAGE_KEY));
  } catch (error) {
    // Storage can be switched off (privacy settings): the default serves, and a change lasts until the window closes.
    console.warn('reader: could not read the conversation view choice; showing conversations', error);
    return true;
  }
}

export function useConversationView(): [boolean, (isOn: boolean) => void] {
  const [isOn, setOn] = useState(readConversationView);

  useEffect(() => {
    const onStorage = (event: StorageEvent): void => {
      if (event.key === STORAGE_KEY) setOn(parseConversationView(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const choose = useCallback((next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(STORAGE_KEY, next ? 'on' : 'off');
    } catch (error) {
      console.warn('reader: could not save the conversation view choice; it applies until the window closes', error);
    }
  }, []);

  return [isOn, choose];
}
