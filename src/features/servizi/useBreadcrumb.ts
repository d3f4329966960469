/** Registers breadcrumb labels (path prefix → label) after render: the shared hook of src/ui/breadcrumb. */
export { useRegisterBreadcrumbLabels as useBreadcrumb } from '../../ui/breadcrumb/labels'
