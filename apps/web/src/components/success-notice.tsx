import { useCallback, useState } from 'react';
import { NOTICE_AUTO_CLOSE_MS } from '../config/product';
import { MessageAlert } from './message-alert';

/**
 * A screen's success notice: the alert to place on the screen, and `show` to put a message in it (or
 * take it away); the notice closes itself after a while.
 */
export function useSuccessNotice(initial: string | null = null) {
  const [notice, setNotice] = useState<string | null>(initial);
  const close = useCallback(() => setNotice(null), []);
  const alert = <MessageAlert variant="success" messages={notice} onClose={close} autoCloseMs={NOTICE_AUTO_CLOSE_MS} />;
  return { alert, show: setNotice };
}
