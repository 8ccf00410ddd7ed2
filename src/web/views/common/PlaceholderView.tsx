import { useLocation } from 'wouter'

/** Routes of the guard table whose screens come with a later area. */
export function PlaceholderView() {
  const [path] = useLocation()
  return (
    <section className="page" data-testid="placeholder">
      <h1>Ekran w przygotowaniu</h1>
      <p>
        Ekran <code>{path}</code> będzie dostępny w kolejnej wersji systemu.
      </p>
    </section>
  )
}
export default PlaceholderView
