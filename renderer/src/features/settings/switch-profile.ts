// Making a profile the one in use, for every place that offers it (the header's switcher, Settings'
// "Use this profile", a payment's other-profile note). The header (its colours, badge and name) and
// the switchers follow main's answer at once, together: the header followed main's later
// `profiles.changed` event, and for a moment after Switch was done it still wore the last profile's
// colours (walk34). That event still reads the session and the list again.
import type { MethodOutput } from '../../../../contract/methods';
import type { Result } from '../../../../contract/result';
import { api } from '../../api';
import { useSession } from '../../app/session-store';
import { useProfiles } from './settings-store';

export async function switchProfile(id: string): Promise<Result<MethodOutput<'switchProfile'>>> {
  const result = await api.switchProfile({ id });
  if (result.ok) {
    useSession.setState({ profile: result.value });
    useProfiles.setState({ activeId: result.value.id });
  }
  return result;
}
