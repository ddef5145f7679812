import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CoachFields } from '../profile/coach-fields';
import { VideoFields } from '../profile/video-fields';
import { SubmittedValuesProvider } from './submitted-values';

const stored = { hourlyRatePence: 4500, servicesOffered: ['goalkeeping'], ageGroups: ['u12'], credentials: ['FA Level 1 Coach'], serviceRadiusMiles: 25 };

const render = (submitted: Record<string, unknown> | null) =>
  renderToString(
    createElement(
      SubmittedValuesProvider,
      { value: submitted },
      createElement(CoachFields, { values: stored, errors: {} }),
      createElement(VideoFields, { urls: ['https://youtu.be/a', null, null], errors: {} }),
    ),
  );

describe('a refused form posted as a page', () => {
  it('shows the stored values when nothing was posted back', () => {
    const html = render(null);
    expect(html).toContain('value="45"');
    expect(html).toContain('FA Level 1 Coach');
    expect(html).toMatch(/checked="" value="goalkeeping"/);
    expect(html).toContain('value="https://youtu.be/a"');
  });

  it('shows what was typed and ticked, the empty list included, instead of the stored values', () => {
    const html = render({
      intent: 'profile',
      hourlyRate: '7',
      serviceRadius: '30',
      credentials: 'FA Level 2\nFirst aid',
      servicesOffered: ['', 'striker'],
      ageGroups: [''],
      videoClip1: 'https://vimeo.com/1',
    });
    expect(html).toContain('value="7"');
    expect(html).toContain('value="30"');
    expect(html).toContain('FA Level 2\nFirst aid');
    expect(html).not.toContain('FA Level 1 Coach');
    expect(html).toMatch(/checked="" value="striker"/);
    expect(html).not.toMatch(/checked="" value="goalkeeping"/);
    expect(html).not.toMatch(/checked="" value="u12"/);
    expect(html).toContain('value="https://vimeo.com/1"');
  });
});
