/**
 * Root route: the application shell around every page, and
 * unknown paths sent to '/' (spec 000 §2.2 "Unknown paths under the home layout go to /").
 */
import { createRootRoute, Navigate } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { AppShell } from '../ui/shell/AppShell'
import { registerShellSlot } from '../ui/shell/ShellSlot'
import { useChat } from '../ui/stores/chat'

// the chat modal (src/features/chat), loaded only when a chat server is configured (CHAT_URL)
const ChatModal = lazy(() => import('../features/chat/ChatModal').then((m) => ({ default: m.ChatModal })))
registerShellSlot('overlay', 'chat', function ChatSlot() {
  return useChat().url ? <Suspense fallback={null}><ChatModal /></Suspense> : null
})

export const Route = createRootRoute({
  component: AppShell,
  notFoundComponent: () => <Navigate to="/" replace />,
})
