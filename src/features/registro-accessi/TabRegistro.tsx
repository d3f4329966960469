/** The two views of the access register's page (issue 28 part 1), as route tabs: the register and "who accessed my data?". */
import { Tabs } from '../../ui/widgets/Tabs'

export const PERCORSO_REGISTRO = '/registro-accessi'
export const PERCORSO_CITTADINO = '/registro-accessi/cittadino'

export function TabRegistro({ attiva }: { attiva: 'registro' | 'cittadino' }) {
  return (
    <Tabs label="Viste del registro degli accessi" items={[
      { label: 'Registro', to: PERCORSO_REGISTRO, active: attiva === 'registro' },
      { label: 'Chi ha visto i dati di un cittadino', to: PERCORSO_CITTADINO, active: attiva === 'cittadino' },
    ]} />
  )
}
