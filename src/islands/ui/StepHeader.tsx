// A wizard's step header (the sign-up wizard, the offer wizard): the numbered step markers, those
// done ticked (and named done for screen readers), the current one marked aria-current="step",
// then the current step's heading ('Step 2 of 5: ' for screen readers). The wizard focuses the
// heading (headingRef) when the step changes. `classPrefix` names the family's classes
// ('auth' gives .auth-steps and .auth-step-title) for its spacing; the markers' look is StepHeader.css.
import type { Ref } from 'react';
import { m } from '../../paraglide/messages.js';
import './StepHeader.css';

interface Props {
  steps: readonly string[];
  /** The current step's index. */
  current: number;
  heading: 'h2' | 'h3';
  headingRef: Ref<HTMLHeadingElement>;
  classPrefix: string;
}

export default function StepHeader({ steps, current, heading: Heading, headingRef, classPrefix }: Props) {
  return (
    <>
      <ol className={`steps ${classPrefix}-steps`}>
        {steps.map((name, index) => (
          <li
            key={name}
            className={index < current ? 'is-done' : index === current ? 'is-current' : undefined}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="step-marker" aria-hidden="true">
              {index < current ? '✓' : index + 1}
            </span>
            <span className="step-name">
              {name}
              {index < current && <span className="visually-hidden">{m.browse_step_done()}</span>}
            </span>
          </li>
        ))}
      </ol>
      <Heading className={`step-title ${classPrefix}-step-title`} ref={headingRef} tabIndex={-1}>
        <span className="visually-hidden">{m.browse_step_of({ step: current + 1, total: steps.length })}</span>
        {steps[current]}
      </Heading>
    </>
  );
}
