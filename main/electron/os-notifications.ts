// Shows main's notification events (a watched link paid, a refund failed) as OS notifications
// too, so they are seen when Paydesk is in the background; worded in the language chosen in the
// window (the event's English `message` only when it carries no reason).
import { Notification } from 'electron';
import type { EventHub } from '../core/event-hub';
import { reason, reasonText, wireReasonText, type Language } from '../core/fail';

export function showOsNotifications(events: EventHub, language: () => Language): () => void {
  return events.subscribe((event) => {
    if (event.type !== 'notification' || !Notification.isSupported()) return;
    const words = language();
    const title = reasonText(words, reason(event.level === 'error' ? 'os.attentionTitle' : 'os.notificationTitle'));
    new Notification({ title, body: (event.reason && wireReasonText(words, event.reason)) ?? event.message }).show();
  });
}
