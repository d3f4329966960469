/** Skip links (spec 000 §1): hidden until focused, first stops of the keyboard tab order. */
export function SkipLinks({ withNavigation }: { withNavigation: boolean }) {
  return (
    <div className="skiplinks">
      <a className="visually-hidden-focusable" href="#main-content">
        Vai al contenuto principale
      </a>
      {withNavigation && (
        <a className="visually-hidden-focusable" href="#navigazione-principale">
          Vai alla navigazione
        </a>
      )}
    </div>
  )
}
