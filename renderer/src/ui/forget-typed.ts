// Fields that held a secret (a password, an API key, a card's number or security code) are emptied
// once it is sent or cleared; this makes React let go of it too. React keeps two copies of the tree
// and draws into the older one: an emptied field's previous props (the secret) and its component's
// previous state stay on the other copy (`….alternate.pendingProps.value`, reachable from the page's
// DOM nodes) until they draw again, which may be minutes later (team-password-leak.test.ts found a
// new password there). Used by every form a secret is typed into (docs/testing.md, "React's other
// copy of the tree").
import { useCallback, useLayoutEffect, useState } from 'react';

/**
 * Call the function it gives with the setState that empties the fields: right after that draw the
 * component draws once more, before any other script runs, so both copies hold the emptied fields.
 */
export function useForgetTyped(): () => void {
  const [emptied, setEmptied] = useState(0);
  const [drawnAgain, setDrawnAgain] = useState(0);
  useLayoutEffect(() => {
    if (drawnAgain !== emptied) setDrawnAgain(emptied);
  }, [emptied, drawnAgain]);
  return useCallback(() => setEmptied((n) => n + 1), []);
}
