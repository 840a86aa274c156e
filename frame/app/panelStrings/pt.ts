/** Português (Brasil): the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const pt: PanelTable = {
  loading: "Carregando…",
  ended: "Esta solicitação não está mais esperando por você.",
  sessionExpired: "Sessão expirada: entre novamente.",
  failed: "Algo deu errado. Tente novamente.",
  approve: {
    titles: {
      personal_sign: "Assinar mensagem",
      eth_signTypedData_v4: "Assinar dados estruturados",
      eth_sendTransaction: "Enviar transação",
      wallet_sendCalls: "Enviar chamadas",
      solana_signMessage: "Assinar mensagem",
      solana_signTransaction: "Assinar transação",
      solana_signAllTransactions: "Assinar transações",
      solana_signAndSendTransaction: "Enviar transação"
    },
    fallbackTitle: "Aprovar solicitação",
    network: "Rede",
    from: "De",
    to: "Para",
    contractCreation: "Novo contrato",
    value: "Valor",
    call: "Chamada",
    data: "Dados",
    message: "Mensagem",
    typedDataType: "Tipo",
    domain: "Domínio",
    programs: "Programas",
    transaction: "Transação {index} de {count}",
    fee: "Taxa de rede (máxima)",
    approve: "Aprovar",
    reject: "Recusar",
    approved: "Aprovada",
    rejected: "Recusada"
  },
  setup: {
    title: "Proteja sua carteira",
    intro: "Se este navegador esquecer sua carteira, você a recupera com uma chave de acesso ou um código de recuperação.",
    passkey: "Criar uma chave de acesso",
    useCode: "Usar um código de recuperação",
    codeIntro: "Anote este código de recuperação e guarde-o em um lugar seguro. Ele aparece só uma vez.",
    saved: "Já guardei meu código de recuperação",
    finish: "Criar minha carteira",
    passkeyUnavailable: "Esta chave de acesso não consegue proteger sua carteira. Use um código de recuperação.",
    passkeyCancelled: "A chave de acesso não foi criada. Tente novamente ou use um código de recuperação.",
    done: "Sua carteira está pronta."
  },
  recover: {
    title: "Recupere sua carteira",
    introPasskey: "Este navegador ainda não conhece sua carteira. Abra-a com sua chave de acesso.",
    introCode: "Este navegador ainda não conhece sua carteira. Digite seu código de recuperação para abri-la.",
    passkey: "Usar minha chave de acesso",
    codeLabel: "Código de recuperação",
    submit: "Recuperar",
    invalidCode: "Este não é o código de recuperação: confira se há erros de digitação.",
    wrongFactor: "Este código não abre sua carteira.",
    passkeyCancelled: "A chave de acesso não foi usada. Tente novamente.",
    done: "Sua carteira está aberta."
  },
  export: {
    title: "Exporte suas chaves",
    warning: "Quem vir estas informações pode levar tudo o que está na sua carteira. Nunca as compartilhe e só as mostre onde ninguém estiver olhando.",
    show: "Mostrar minhas chaves",
    cancel: "Cancelar",
    phrase: "Frase de recuperação",
    evmKey: "Chave privada EVM",
    solanaKey: "Chave privada Solana",
    copy: "Copiar",
    copied: "Copiado",
    copyFailed: "Não é permitido copiar aqui: selecione o texto.",
    done: "Concluído"
  }
}

export default pt
