// Shows main's notification events (a watched link paid, a refund failed) as OS
// notifications too, so they are seen when Paydesk is in the background.
import { Notification } from 'electron';
import type { EventHub } from '../core/event-hub';

export function showOsNotifications(events: EventHub): () => void {
  return events.subscribe((event) => {
    if (event.type !== 'notification' || !Notification.isSupported()) return;
    new Notification({ title: event.level === 'error' ? 'Paydesk: needs attention' : 'Paydesk', body: event.message }).show();
  });
}
