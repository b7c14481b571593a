import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LegalDocument, LegalSection } from '@/features/legal/components/legal-document';

/** The Terms of Use, in plain words: what Wellspring is, and what we ask of each other. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Use"
      summary={
        <p>
          Wellspring is a free, gentle companion for your mood, your diary and small acts of
          self-care. Use it kindly, keep your password to yourself, and remember that it does not
          replace a doctor or a therapist. Your words stay yours.
        </p>
      }
    >
      <LegalSection title="What Wellspring is">
        <p>
          Wellspring lets you note how you feel each day, keep a private diary, take on small
          wellness tasks and earn points toward a goal you set, with artwork as a reward. It is
          free: there is no subscription and nothing to buy. Points and backgrounds have no money
          value and exist only inside Wellspring.
        </p>
      </LegalSection>

      <LegalSection title="It is not medical care">
        <p>
          Wellspring offers encouragement, not diagnosis or treatment. If you are struggling, please
          talk to someone you trust or a health professional. If you are in danger or thinking of
          harming yourself, contact your local emergency number or a crisis line now.
        </p>
      </LegalSection>

      <LegalSection title="Your account">
        <ul>
          <li>
            One account is for one person. Give your real email address, so that you can sign in and
            reset your password.
          </li>
          <li>
            Keep your password to yourself. If you think someone else has used your account, change
            your password and end the other sign-ins from your profile.
          </li>
          <li>
            If where you live you are too young to agree to these terms on your own, ask a parent or
            guardian to agree with you.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Your words and your data">
        <p>
          What you write and record belongs to you. We keep it only to run Wellspring for you, as
          the{' '}
          <Link className="font-semibold text-brand-violet hover:underline" to={paths.privacy}>
            Privacy Policy
          </Link>{' '}
          explains. You can download all of it, bring it into another account, or delete your
          account with everything in it, at any time, from your profile.
        </p>
      </LegalSection>

      <LegalSection title="Fair use">
        <p>Please do not:</p>
        <ul>
          <li>try to read or change anyone else&apos;s data, or get around the sign-in;</li>
          <li>overload the service, or use scripts to collect points or rewards;</li>
          <li>use Wellspring for anything unlawful.</li>
        </ul>
        <p>Wellspring limits how many requests it takes from one person or one address.</p>
      </LegalSection>

      <LegalSection title="The artwork">
        <p>
          The backgrounds were made for Wellspring. Enjoy the ones you win inside the app; they are
          not licensed for use elsewhere.
        </p>
      </LegalSection>

      <LegalSection title="Keeping it running">
        <p>
          We work to keep Wellspring available and your data safe, but we cannot promise that it
          will never be down or never have a fault. Wellspring is offered as it is. If your diary
          matters to you, download a copy now and then.
        </p>
      </LegalSection>

      <LegalSection title="If these terms change">
        <p>
          This page will say what changed. If you do not agree with a change, you can download your
          data and delete your account at any time.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
