// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField, TextAreaField } from './FormFields';

// The select and the text area are wired alike: named by their label, described by their error then
// their hint, marked invalid only with an error, and every other prop reaches the control.

/** The text a control is described by, read from its aria-describedby ids in order. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('SelectField and TextAreaField', () => {
  it('name the control by its label and read the error, then the hint, with it', () => {
    render(
      <>
        <SelectField label="Condition" hint="As it came in" error="Please choose one." required name="c">
          <option value="">Choose</option>
        </SelectField>
        <TextAreaField label="Desk notes" hint="Shelf" error="Too long." maxLength={10} />
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Condition' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('name')).toBe('c');
    expect((select as HTMLSelectElement).required).toBe(true);
    expect(description(select)).toBe('Please choose one. As it came in');
    const notes = screen.getByRole('textbox', { name: 'Desk notes' });
    expect(notes.getAttribute('rows')).toBe('3');
    expect(notes.getAttribute('maxlength')).toBe('10');
    expect(description(notes)).toBe('Too long. Shelf');
  });

  it('are not marked invalid without an error, and add the ids they are told to', () => {
    render(
      <>
        <span id="count">3 of 10</span>
        <TextAreaField label="Reason" describedBy="count" rows={6} />
        <SelectField label="Kind">
          <option>One</option>
        </SelectField>
      </>,
    );
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    expect(reason.hasAttribute('aria-invalid')).toBe(false);
    expect(reason.getAttribute('rows')).toBe('6');
    expect(description(reason)).toBe('3 of 10');
    expect(screen.getByRole('combobox', { name: 'Kind' }).hasAttribute('aria-describedby')).toBe(false);
  });
});
