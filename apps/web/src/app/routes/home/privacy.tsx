import { LegalDocument, LegalSection } from '@/features/legal/components/legal-document';

/*
 * What Wellspring keeps and why, in plain words. Every sentence here must stay true of the code:
 * SECURITY.md, the README's "Your data" and decisions 011, 012 and 020 are the sources.
 */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      summary={
        <p>
          Your diary is yours. Wellspring keeps only what it needs to work: your account, your
          moods, goals, tasks and diary. Your diary is encrypted on the server. Nothing is sold or
          shared, there are no ads and no trackers, and you can download or delete everything at any
          time.
        </p>
      }
    >
      <LegalSection title="What we keep">
        <ul>
          <li>
            <strong>Your account:</strong> your name, your email address, your time zone (so that
            &quot;today&quot; is your today), and, if you sign in with Google, a link to your Google
            profile picture.
          </li>
          <li>
            <strong>Your password</strong>, never as you typed it: only a one-way hash (argon2id),
            from which the password cannot be read back.
          </li>
          <li>
            <strong>What you do in Wellspring:</strong> the mood you pick each day, your goals and
            points, the tasks you take on, complete or discard, the backgrounds you win, and your
            diary entries.
          </li>
          <li>
            <strong>Your sign-ins:</strong> for each device you are signed in on, when it signed in,
            when it was last used and which browser it is, so you can see and end them in your
            profile. The key that keeps you signed in is stored only as a fingerprint (SHA-256).
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Where it is kept and how it is protected">
        <p>
          Everything is kept in the database of the server that runs this Wellspring, and nowhere
          else.
        </p>
        <ul>
          <li>
            <strong>Your diary is encrypted</strong> with AES-256-GCM before it is stored. Someone
            who got hold of a copy of the database would find no diary text in it.
          </li>
          <li>
            The server&apos;s logs never hold your password, your sign-in key, codes or diary text.
          </li>
          <li>
            Every request is checked against your own account: nobody else can read or change your
            data, and neither can you read theirs.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="On your device">
        <p>
          Your browser keeps your sign-in key and your user id in its local storage, so you stay
          signed in. While you write a diary entry that is not saved yet, your browser keeps that
          draft too, so a reload does not lose it. Both are removed when you log out; the draft also
          goes as soon as the entry is saved.
        </p>
        <p>
          Wellspring uses no tracking cookies. The only cookie is a short-lived one during a Google
          sign-in, which makes sure the sign-in finishes in the browser that started it.
        </p>
      </LegalSection>

      <LegalSection title="Who else sees it">
        <p>
          <strong>Nobody.</strong> Wellspring does not sell, rent or share your data, shows no ads,
          and has no analytics or trackers. Its pages load no scripts, fonts or images from other
          companies (the one exception is a Google profile picture, below): everything comes from
          this server.
        </p>
        <ul>
          <li>
            <strong>Google sign-in</strong> is there only if the people who run this Wellspring
            switch it on. If you use it, Google knows that you signed in here and tells us your
            name, email address and the link to your profile picture, which your browser then loads
            from Google. If you sign up with an email and a password, Google is not involved at all.
          </li>
          <li>
            <strong>Email:</strong> we use your address to sign you in and to send the mails your
            account needs, such as the link that confirms your address or resets your password.
            Nothing else: no newsletters, no marketing.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Your choices">
        <ul>
          <li>
            <strong>Download everything</strong> from your profile, under &quot;Your data&quot;: one
            JSON file with your whole account, and CSV files of your tasks and moods for a
            spreadsheet. Your diary is in the file as you wrote it, so keep it somewhere safe.
          </li>
          <li>
            <strong>Bring it back:</strong> a JSON export can be imported into a new, empty account,
            here or on another Wellspring.
          </li>
          <li>
            <strong>Delete your account</strong> from the same place. Your account and everything in
            it (goals, tasks, diary entries, moods and backgrounds) are deleted at once, and every
            device is signed out. This cannot be undone.
          </li>
          <li>
            <strong>End a sign-in</strong> on any device from your profile, and change your name
            whenever you like.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="How long we keep it">
        <p>
          As long as you keep your account. When you delete it, its data is deleted from the
          database at the same moment. Sign-ins that have expired and emailed links that were never
          used are removed automatically. A task you discard is kept for 30 seconds, so that Undo
          can bring it back, and then it is gone. Backup copies the people who run this server make
          of the database follow their own schedule.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
