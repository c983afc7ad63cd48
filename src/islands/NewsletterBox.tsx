// The footer's newsletter box (spec §4, §5, §8): an email and Subscribe, disabled while the field is
// empty. An address the contract refuses gets the info notice 'Enter Your Email !'; an answer gets
// 'Email already subscribed.' or 'Successfully Subscribed.', then the box says "You're Subscribed!".
// Those three are their codes' texts (enter_email, already_subscribed, subscribed: messages/errors).
// The build renders it as HTML (id="newsletter", the house ads' /#newsletter target); it hydrates
// when the footer comes into view.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { subscribeToNewsletter } from '../client/engagement.ts';
import { failureText } from '../client/http.ts';
import { EMAIL_MAX, SubscribeRequest } from '../contract/index.ts';
import { m } from '../paraglide/messages.js';
import { showNotice, type NewNotice } from '../stores/notices.ts';
import { currentInsightId } from '../stores/visitor.ts';
import Notices from './Notices.tsx';
import './NewsletterBox.css';

/** Spec §8: the newsletter's notices are titled Subscribe and shown at the top centre. */
const notify = (notice: Omit<NewNotice, 'title' | 'placement'>) =>
  showNotice({ ...notice, title: m.browse_subscribe(), placement: 'top-center' });
const isBlank = (value: string | undefined) => !value?.trim();

export default function NewsletterBox() {
  const emailInput = useRef<HTMLInputElement>(null);
  const thanksHeading = useRef<HTMLHeadingElement>(null);
  const [isEmpty, setIsEmpty] = useState(true);
  const [sending, setSending] = useState(false);
  const [subscribed, setSubscribed] = useState(false);

  // The field is uncontrolled, so text typed before the island hydrated stays; count it here.
  useEffect(() => setIsEmpty(isBlank(emailInput.current?.value)), []);
  // The form is gone after the swap: move focus to what replaced it rather than losing it.
  useEffect(() => {
    if (subscribed) thanksHeading.current?.focus();
  }, [subscribed]);

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = v.safeParse(SubscribeRequest, {
      insightId: currentInsightId(),
      subscribeEmail: emailInput.current?.value ?? '',
    });
    if (!request.success) {
      notify({ kind: 'info', text: m.error_enter_email() });
      emailInput.current?.focus();
      return;
    }
    setSending(true);
    try {
      const answer = await subscribeToNewsletter(request.output);
      notify(
        answer.isFound
          ? { kind: 'info', text: m.error_already_subscribed() }
          : { kind: 'success', text: m.error_subscribed() },
      );
      setSubscribed(true);
    } catch (error) {
      notify({ kind: 'danger', text: failureText(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <section id="newsletter" className="newsletter" aria-labelledby="newsletter-heading">
      {subscribed ? (
        <div className="newsletter-intro">
          <h2 id="newsletter-heading" ref={thanksHeading} tabIndex={-1}>
            {m.browse_subscribed_heading()}
          </h2>
          <p>{m.browse_subscribed_text()}</p>
        </div>
      ) : (
        <>
          <div className="newsletter-intro">
            <h2 id="newsletter-heading">{m.browse_newsletter_heading()}</h2>
            <p>{m.browse_newsletter_text()}</p>
          </div>
          <form className="newsletter-form" onSubmit={subscribe} noValidate>
            <label htmlFor="newsletter-email">{m.browse_email_address()}</label>
            <div className="newsletter-row">
              <input
                ref={emailInput}
                id="newsletter-email"
                name="subscribeEmail"
                type="email"
                inputMode="email"
                autoComplete="email"
                maxLength={EMAIL_MAX}
                placeholder="you@example.lk"
                onInput={(event) => setIsEmpty(isBlank(event.currentTarget.value))}
              />
              <button className="button" type="submit" disabled={isEmpty || sending}>
                {sending ? m.browse_subscribing() : m.browse_subscribe()}
              </button>
            </div>
            <noscript>
              <p className="newsletter-noscript">{m.browse_subscribing_needs_js()}</p>
            </noscript>
          </form>
        </>
      )}
      <Notices />
    </section>
  );
}
