// "People on the team ledger" (Settings → Team ledger, admins, below "Add a person"): each login in
// one of the four groups with its highest group, read from the database (listTeamPeople), again
// after each person added. Walk 7: the admin who added Layla and Omar had nothing to confirm it by
// but the last "… was added" line, and no way to see who else could log in.
import { useEffect, useState } from 'react';
import type { MethodOutput } from '../../../../contract/methods';
import { api } from '../../api';
import { useT, type MessageKey } from '../../i18n';
import { useWords, type Words } from '../../i18n/words';

type People = MethodOutput<'listTeamPeople'>;

/** `version`: bumped by "Add a person" after each person added, to read the list again. */
export function TeamPeopleList({ version }: { version: number }) {
  const t = useT();
  const words = useWords();
  const [people, setPeople] = useState<People>();
  // Kept as words: it follows a change of language.
  const [failed, setFailed] = useState<Words>();

  useEffect(() => {
    let current = true;
    void api.listTeamPeople({}).then((result) => {
      if (!current) return;
      if (result.ok) {
        setPeople(result.value);
        setFailed(undefined);
      } else setFailed({ key: 'team.error', values: { message: { error: result.error } } });
    });
    return () => {
      current = false;
    };
  }, [version]);

  return (
    <section aria-labelledby="team-people-list-title" data-testid="team-people-list">
      <h3 id="team-people-list-title">{t('team.people.list.title')}</h3>
      {failed && <p className="notice notice-error">{words(failed)}</p>}
      {!failed && !people && <p className="field-hint">{t('team.people.list.reading')}</p>}
      {people && (
        <table className="simple-table">
          <thead>
            <tr><th scope="col">{t('team.people.login')}</th><th scope="col">{t('team.people.role')}</th></tr>
          </thead>
          <tbody>
            {/* A login is Latin text: left to right inside an Arabic row. */}
            {people.map((person) => (
              <tr key={person.login}><td><bdi dir="ltr">{person.login}</bdi></td><td>{t(`team.role.${person.role}` as MessageKey)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
