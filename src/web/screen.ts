/** What every screen of the route table is given: the route's parameters. */
export interface ScreenProps {
  params: Record<string, string | undefined>
}
