import { describe, expect, it } from 'vitest';
import type { NetworkAction } from '../../../lib/api/schemas';
import { writePersonOf, writeSubject } from '../../../lib/invitations/write-person';

const action = (id: string, prospect: NetworkAction['prospect']): NetworkAction => ({ id, message: null, prospect });
const ELODIE = action('na_a1', { name: 'Élodie Marchand', company: 'Nuageo', profileUrl: 'https://www.linkedin.com/in/elodie-marchand/' });

describe('whom a write names', () => {
  it('keeps the name and company the queue shows, the profile address when there is no name, and nothing rather than the id', () => {
    expect(writePersonOf(ELODIE)).toEqual({ name: 'Élodie Marchand', company: 'Nuageo' });
    expect(writePersonOf(action('na_b', { profileUrl: 'https://www.linkedin.com/in/jdoe/', company: ' ' }))).toEqual({ name: 'linkedin.com/in/jdoe' });
    expect(writePersonOf(action('na_c', {}))).toBeUndefined();
  });

  it('names the person kept with the write whatever the list holds now; a write stored without one, by the listed action, else nobody', () => {
    const other = action('na_a1', { name: 'Someone Else' });
    expect(writeSubject({ actionId: 'na_a1', person: { name: 'Élodie Marchand' } }, [other])).toEqual({ name: 'Élodie Marchand' });
    expect(writeSubject({ actionId: 'na_a1' }, [ELODIE])).toEqual({ name: 'Élodie Marchand', company: 'Nuageo' });
    expect(writeSubject({ actionId: 'na_a1' }, [])).toBeUndefined();
  });
});
